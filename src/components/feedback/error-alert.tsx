import type { ReactNode } from "react";
import { NoticeAlert } from "./notice-alert";

/** An action's failure, announced at once (role="alert"); nothing while there is no message. */
export function ErrorAlert({ message }: { message: ReactNode }) {
  if (!message) return null;
  return <NoticeAlert status="error" role="alert" title={message} />;
}
