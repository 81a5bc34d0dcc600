import { type ImgHTMLAttributes, type ReactNode, useEffect, useRef, useState } from "react";
import { FALLBACK_IMAGE_ATTR, IMAGE_FALLBACK_ATTR } from "./fallback-image-dom";
import { usePageNavigation } from "./navigation";

interface FallbackImageProps extends ImgHTMLAttributes<HTMLImageElement> {
  src: string;
  /** Required: "" for a decorative image. */
  alt: string;
  /** Shown instead of the browser's broken-image icon when the image cannot be loaded. */
  fallback: ReactNode;
}

/**
 * An image that gives way to a designed stand-in when its URL is broken. Hydrated, it swaps them in its
 * state (an image that already failed before hydration, its error event missed, is caught on mount by
 * `complete` with no natural size). Where it is static HTML that never hydrates (a public page in
 * islands mode, outside its islands) the server writes the stand-in in a `<template>` right after the
 * image, and the islands loader does the same swap in the DOM (`revealImageFallbacks`).
 */
export function FallbackImage({ src, alt, fallback, onError, ...props }: FallbackImageProps) {
  const { isStatic } = usePageNavigation();
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(src);
  }, [src]);
  if (isStatic) {
    return (
      <>
        <img src={src} alt={alt} {...props} {...{ [FALLBACK_IMAGE_ATTR]: "" }} />
        <template {...{ [IMAGE_FALLBACK_ATTR]: "" }}>{fallback}</template>
      </>
    );
  }
  if (failed === src) return <>{fallback}</>;
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      {...props}
      onError={(e) => {
        setFailed(src);
        onError?.(e);
      }}
    />
  );
}
