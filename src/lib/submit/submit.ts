/**
 * The one submit helper every visitor form uses (docs/product.md#submit).
 *
 *   const r = await submitForm("sales_lead", payload, { path: "/contact", locale: "en" });
 *   r.status: "sent" (stored) | "queued" (safe in the outbox, will be retried) | "rejected" (fix the fields)
 */
import { readVisitAttribution } from "@/lib/attribution/attribution";
import type { FormType } from "@/lib/forms/schemas";
import type { Locale } from "@/lib/i18n/locale";
import { type Envelope, Outbox, type SendOutcome } from "./outbox";
import { functionTransport } from "./transport";

let outbox: Outbox | null = null;
let started = false;

function browserStorage() {
  try {
    const s = window.localStorage;
    const probe = "wasla.probe";
    s.setItem(probe, "1");
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

/** The page's outbox (created on first use, in the browser only). */
export function getOutbox(): Outbox {
  if (!outbox) {
    outbox = new Outbox({
      transport: functionTransport,
      storage: typeof window === "undefined" ? null : browserStorage(),
      log: (msg, extra) => console.warn(msg, extra),
    });
  }
  return outbox;
}

/**
 * Starts delivering what earlier visits left in the outbox, and retries on reconnect and when the tab
 * comes back. Call once from the page layout, in an effect. Returns a cleanup.
 */
export function startOutbox(): () => void {
  if (typeof window === "undefined" || started) return () => undefined;
  started = true;
  const box = getOutbox();
  const retryNow = () => void box.flush(true);
  const onVisible = () => {
    if (document.visibilityState === "visible") void box.flush();
  };
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith("wasla.outbox")) box.schedule();
  };
  window.addEventListener("online", retryNow);
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("storage", onStorage);
  if (box.pending) void box.flush(true);
  return () => {
    started = false;
    window.removeEventListener("online", retryNow);
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("storage", onStorage);
  };
}

function visitorTimeZone(): string | undefined {
  try {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return tz && /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$|^UTC$/.test(tz) && tz.length <= 64 ? tz : undefined;
  } catch {
    return undefined;
  }
}

function newId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // RFC 4122 v4 from getRandomValues (older Safari).
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface SubmitOptions {
  /** The page the visitor submitted from, without query ("/en/contact"). */
  path: string;
  locale: Locale;
  /** The honeypot field's value (people leave it empty). */
  website?: string;
}

export type SubmitResult = SendOutcome;

export function submitForm(formType: FormType, payload: Record<string, unknown>, opts: SubmitOptions): Promise<SubmitResult> {
  const attribution = readVisitAttribution();
  const envelope: Envelope = {
    formType,
    payload,
    path: opts.path.startsWith("/") ? opts.path.slice(0, 500) : `/${opts.path}`.slice(0, 500),
    locale: opts.locale,
    timeZone: visitorTimeZone(),
    submissionId: newId(),
    ...(opts.website ? { website: opts.website } : {}),
    ...(attribution ? { attribution } : {}),
  };
  return getOutbox().submit(envelope);
}
