import { type ImgHTMLAttributes, type ReactNode, useEffect, useRef, useState } from "react";
import { FALLBACK_IMAGE_ATTR, IMAGE_FALLBACK_ATTR } from "./fallback-image-dom";

interface FallbackImageProps extends ImgHTMLAttributes<HTMLImageElement> {
  src: string;
  /** Required: "" for a decorative image. */
  alt: string;
  /** Shown instead of the browser's broken-image icon when the image cannot be loaded. */
  fallback: ReactNode;
}

/**
 * An image that gives way to a designed stand-in when its URL is broken. The server renders the
 * `<img>` and, right after it, the stand-in inside a hidden element: a hydrated component swaps them
 * in its state (an image that already failed before hydration, its error event missed, is caught on
 * mount by `complete` with no natural size); on a page that does not hydrate it (a public page in
 * islands mode), the islands loader does the same swap in the DOM (`revealImageFallbacks`).
 */
export function FallbackImage({ src, alt, fallback, onError, ...props }: FallbackImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0) setFailed(src);
  }, [src]);
  if (failed === src) return <>{fallback}</>;
  return (
    <>
      <img
        ref={ref}
        src={src}
        alt={alt}
        {...props}
        {...{ [FALLBACK_IMAGE_ATTR]: "" }}
        onError={(e) => {
          setFailed(src);
          onError?.(e);
        }}
      />
      <div hidden {...{ [IMAGE_FALLBACK_ATTR]: "" }}>
        {fallback}
      </div>
    </>
  );
}
