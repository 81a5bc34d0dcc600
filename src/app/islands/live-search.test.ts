import { afterEach, describe, expect, it, vi } from "vitest";
import { liveSearch } from "./live-search";

function page() {
  document.body.innerHTML = `
    <form action="/en/blog" data-live-search><input type="search" name="q" value=""></form>
    <div data-swap="blog-results"><p>No articles found matching your search criteria.</p></div>
    <div hidden data-live-search-error="blog-results"><div role="alert">We could not search right now.</div></div>`;
  const form = document.querySelector("form")!;
  const input = form.querySelector("input")!;
  const results = document.querySelector<HTMLElement>('[data-swap="blog-results"]')!;
  return { form, input, results };
}

describe("live search", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("a failed search (offline) shows the error message instead of the previous query's results, and searches again online", async () => {
    vi.useFakeTimers();
    const fetch = vi.fn().mockRejectedValueOnce(new TypeError("Failed to fetch"));
    vi.stubGlobal("fetch", fetch);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { form, input, results } = page();
    liveSearch(form);
    input.value = "dubai";
    input.dispatchEvent(new Event("input"));
    await vi.advanceTimersByTimeAsync(400);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(results.textContent).toContain("We could not search right now.");
    expect(results.textContent).not.toContain("No articles found");
    expect(results.hasAttribute("aria-busy")).toBe(false);
    expect(document.querySelector("[data-live-search-error]")).not.toBeNull();

    fetch.mockResolvedValueOnce(new Response(`<title>Dubai</title><div data-swap="blog-results"><p>Dubai listings</p></div>`));
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(results.textContent).toContain("Dubai listings"));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("an answer without the results region (an error page) counts as a failure too", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("<p>Bad gateway</p>", { status: 502 })));
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { form, input, results } = page();
    liveSearch(form);
    input.value = "x";
    input.dispatchEvent(new Event("input"));
    await vi.advanceTimersByTimeAsync(400);
    await vi.waitFor(() => expect(results.textContent).toContain("We could not search right now."));
  });
});
