/**
 * Chakra's global styles (layer order, reset, base, design tokens as CSS variables, our globalCss) as
 * CSS, for the stylesheet every page shares (`src/app/shared.css`, see `src/app/shared-css.ts`).
 * Rendered through the same Emotion cache as the pages, so it is byte for byte what Chakra's provider
 * would insert.
 */
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import { ChakraProvider } from "@chakra-ui/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createAppCache } from "@/lib/ssr-styles/emotion-cache";
import { system } from "./system";

export function renderGlobalCss(): string {
  const cache = createAppCache();
  const emotion = createEmotionServer(cache); // before rendering: it puts the cache in extraction mode
  const html = renderToString(
    createElement(CacheProvider, { value: cache }, createElement(ChakraProvider, { value: system, children: null })),
  );
  const chunks = emotion.extractCriticalToChunks(html).styles;
  return chunks
    .filter((c) => c.key.endsWith("-global"))
    .map((c) => c.css)
    .join("");
}
