/**
 * Search as you type on a server-rendered list (the blog), without React: a page in islands mode loads
 * this only when it has a `form[data-live-search]`. Without it (or without JavaScript) the form is a
 * plain GET form: Enter or the Search button loads the results page.
 *
 * While the visitor types (350 ms after the last key), the page for the form's query is fetched and
 * the contents of each `[data-swap]` region (the result list, the filter links, which carry the query)
 * are replaced by the new page's, the address becomes the new page's canonical one, and the title
 * follows. The search box itself is never replaced, so focus and caret stay where they are. The
 * regions are `aria-busy` (and `data-refreshing`, which dims the old results) meanwhile; the result list is a polite live region, so the new results are
 * announced. A request that fails (offline, no answer, a page without the regions) puts the page's
 * `[data-live-search-error="<region>"]` message (hidden, translated by the server) in place of that
 * region's results, so a new query never shows the previous query's results or "No articles found…";
 * the search runs again when the connection returns (Enter still searches). The form gets
 * `data-ready="true"` once this runs.
 */
const DELAY_MS = 350;

function queryUrl(form: HTMLFormElement): URL {
  const url = new URL(form.action, window.location.href);
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    const text = typeof value === "string" ? value.trim() : "";
    if (text) params.set(key, text);
  }
  url.search = params.toString();
  return url;
}

/** The address to show: the page's canonical path and query (same order as its links), else what was asked. */
function addressOf(doc: Document, asked: URL): string {
  const canonical = doc.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute("href");
  if (!canonical) return asked.pathname + asked.search;
  const url = new URL(canonical, asked);
  return url.pathname + url.search;
}

export function liveSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[type="search"]');
  if (!input) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: AbortController | undefined;
  let failed = false;

  async function search() {
    const url = queryUrl(form);
    if (url.pathname + url.search === window.location.pathname + window.location.search) return;
    inflight?.abort();
    const request = new AbortController();
    inflight = request;
    const regions = [...document.querySelectorAll<HTMLElement>("[data-swap]")];
    for (const region of regions) {
      region.setAttribute("aria-busy", "true");
      region.setAttribute("data-refreshing", "");
    }
    try {
      const response = await fetch(url, { signal: request.signal, headers: { accept: "text/html" }, credentials: "same-origin" });
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      if (request.signal.aborted) return;
      if (regions.some((region) => !doc.querySelector(`[data-swap="${region.dataset.swap}"]`))) throw new Error(`HTTP ${response.status}`);
      failed = false;
      for (const region of regions) {
        const next = doc.querySelector(`[data-swap="${region.dataset.swap}"]`);
        if (next) region.replaceChildren(...[...next.childNodes].map((n) => document.importNode(n, true)));
      }
      if (doc.title) document.title = doc.title;
      window.history.replaceState(window.history.state, "", addressOf(doc, url));
    } catch (error) {
      if (request.signal.aborted) return;
      console.warn("live search: request failed", error);
      failed = true;
      for (const region of regions) {
        const message = document.querySelector<HTMLElement>(`[data-live-search-error="${region.dataset.swap}"]`);
        if (message) region.replaceChildren(...[...message.childNodes].map((n) => n.cloneNode(true)));
      }
    } finally {
      if (inflight === request)
        for (const region of regions) {
          region.removeAttribute("aria-busy");
          region.removeAttribute("data-refreshing");
        }
    }
  }

  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void search(), DELAY_MS);
  };
  input.addEventListener("input", later);
  // The last search failed: try it again once the connection is back.
  window.addEventListener("online", () => {
    if (failed) void search();
  });
  // Enter / the Search button still submit the form: a normal page load with the same query.
  form.addEventListener("submit", () => {
    clearTimeout(timer);
    inflight?.abort();
  });
  // Typed before this script arrived: search for it now.
  if (input.value.trim() !== (new URL(window.location.href).searchParams.get("q") ?? "").trim()) later();
  form.setAttribute("data-ready", "true");
}
