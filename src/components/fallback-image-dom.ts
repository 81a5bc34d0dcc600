/** Marks an image (FallbackImage, static HTML) whose stand-in follows it in a `<template data-image-fallback>`. */
export const FALLBACK_IMAGE_ATTR = "data-fallback-image";
export const IMAGE_FALLBACK_ATTR = "data-image-fallback";

/**
 * Without React: replaces each broken image marked by `FallbackImage` with its stand-in, now and
 * whenever one fails later. For pages whose images are static HTML.
 */
export function revealImageFallbacks(doc: Document): void {
  const swap = (img: HTMLImageElement) => {
    const stand = img.nextElementSibling;
    if (!(stand instanceof HTMLTemplateElement) || !stand.hasAttribute(IMAGE_FALLBACK_ATTR)) return;
    stand.replaceWith(stand.content);
    img.remove();
  };
  const selector = `img[${FALLBACK_IMAGE_ATTR}]`;
  doc.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement && event.target.matches(selector)) swap(event.target);
    },
    true,
  );
  for (const img of doc.querySelectorAll<HTMLImageElement>(selector)) if (img.complete && img.naturalWidth === 0) swap(img);
}
