import { CacheProvider } from "@emotion/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isAdminPath, loadI18n } from "@/lib/i18n/catalogs";
import { localeFromPath } from "@/lib/i18n/locale";
import { createAppCache } from "@/lib/ssr-styles/emotion-cache";
import { adoptServerStyles } from "@/lib/ssr-styles/ssr-styles";

async function hydrate() {
  const { pathname } = window.location;
  await loadI18n(localeFromPath(pathname), { admin: isAdminPath(pathname) });
  const cache = createAppCache();
  adoptServerStyles(cache.inserted);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <CacheProvider value={cache}>
          <HydratedRouter />
        </CacheProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
