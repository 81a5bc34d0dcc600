import { describe, expect, it } from "vitest";
import { revealImageFallbacks } from "./fallback-image-dom";

/** Static HTML as the server renders FallbackImage there: the image, then its stand-in in a template. */
function page(marked = true) {
  document.body.innerHTML = `<div><img ${marked ? 'data-fallback-image=""' : ""} src="/broken.png" alt=""><template data-image-fallback=""><span class="placeholder">Market</span></template></div>`;
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

  it("leaves an image alone that is not marked (a hydrated FallbackImage swaps its own)", () => {
    const box = page(false);
    Object.defineProperty(box.querySelector("img"), "complete", { value: false });
    revealImageFallbacks(document);
    box.querySelector("img")!.dispatchEvent(new Event("error"));
    expect(box.querySelector("img")).not.toBeNull();
    expect(box.querySelector("template")).not.toBeNull();
  });
});
