import { describe, expect, it } from "vitest";
import { revealImageFallbacks } from "./fallback-image-dom";

/** A page as the server renders FallbackImage: the image, then its stand-in hidden. */
function page(inIsland = false) {
  document.body.innerHTML = `${inIsland ? '<div data-island="x">' : "<div>"}<img data-fallback-image="" src="/broken.png" alt=""><div hidden data-image-fallback=""><span class="placeholder">Market</span></div></div>`;
  return document.body.firstElementChild as HTMLElement;
}

describe("revealImageFallbacks", () => {
  it("swaps an image that had already failed for its stand-in, unwrapped, as the hydrated component would render it", () => {
    const box = page();
    const img = box.querySelector("img")!;
    Object.defineProperties(img, { complete: { value: true }, naturalWidth: { value: 0 } });
    revealImageFallbacks(document);
    expect(box.innerHTML).toBe('<span class="placeholder">Market</span>');
  });

  it("swaps an image that fails later", () => {
    const box = page();
    Object.defineProperty(box.querySelector("img"), "complete", { value: false });
    revealImageFallbacks(document);
    expect(box.querySelector("img")).not.toBeNull();
    box.querySelector("img")!.dispatchEvent(new Event("error"));
    expect(box.innerHTML).toBe('<span class="placeholder">Market</span>');
  });

  it("leaves images inside an island to the island's own component", () => {
    const box = page(true);
    Object.defineProperty(box.querySelector("img"), "complete", { value: false });
    revealImageFallbacks(document);
    box.querySelector("img")!.dispatchEvent(new Event("error"));
    expect(box.querySelector("img")).not.toBeNull();
    expect(box.querySelector("[data-image-fallback]")).toHaveProperty("hidden", true);
  });
});
