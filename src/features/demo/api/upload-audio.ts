import type { UploadResult } from "../machines/demo-flow.machine";

/** The site's own endpoint (server/audio/upload.ts), used when no webhook is configured. */
export const LOCAL_AUDIO_ENDPOINT = "/api/demo/audio";

interface UploadAudioInput {
  file: File;
  /** The processing webhook (site config `audioWebhookUrl`), or null for the local endpoint. */
  webhookUrl: string | null;
  /** The page the visitor is on (`source_page`). */
  sourcePage: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

/**
 * Sends a recording for processing (docs/product.md#demo): multipart `audio`, `timestamp`, `source_page`.
 * An external webhook is called in `no-cors` mode, so its answer cannot be read:
 * reaching it counts as sent. The local endpoint is same-origin and its status is checked.
 * Resolves "sent" when the recording was handed over, "local" when it could not be (it stays in the browser).
 */
export async function uploadAudio({
  file,
  webhookUrl,
  sourcePage,
  fetch: f = fetch,
  now = () => new Date(),
}: UploadAudioInput): Promise<UploadResult> {
  const body = new FormData();
  body.append("audio", file, file.name);
  body.append("timestamp", now().toISOString());
  body.append("source_page", sourcePage);
  try {
    if (webhookUrl) {
      await f(webhookUrl, { method: "POST", body, mode: "no-cors" });
      return "sent";
    }
    const res = await f(LOCAL_AUDIO_ENDPOINT, { method: "POST", body });
    return res.ok ? "sent" : "local";
  } catch {
    return "local";
  }
}
