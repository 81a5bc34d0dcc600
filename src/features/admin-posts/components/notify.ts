/** How a container reports to the admin (the admin layout shows it as a toast). */
export type Notify = (toast: { type: "success" | "error" | "info"; title: string; description?: string }) => void;
