/** How long a browser or CDN may keep the feed and the sitemap (docs/serving.md, "Scheduled posts"). */
import type { ServerContext } from "./load-context";

/** Ten minutes, as before, but never past the moment the next scheduled post goes live. */
export const FEED_MAX_AGE_S = 600;

export function feedMaxAge(server: ServerContext | undefined, now = Date.now()): number {
  const next = server?.nextPublishAt?.() ?? null;
  if (next === null) return FEED_MAX_AGE_S;
  return Math.max(0, Math.min(FEED_MAX_AGE_S, Math.floor((next - now) / 1000)));
}
