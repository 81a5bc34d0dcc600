import { ChakraProvider, LocaleProvider } from "@chakra-ui/react";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { getI18n } from "@/lib/i18n/catalogs";
import { type Locale, intlLocale } from "@/lib/i18n/locale";
import { LocaleValueProvider } from "@/lib/i18n/locale-context";
import { type SiteConfig, defaultSiteConfig } from "@/lib/site-config";
import { SiteConfigProvider } from "@/lib/site-config-context";
import { hasServerGlobalStyles } from "@/lib/ssr-styles/ssr-styles";
import { system } from "../theme/system";

interface AppProvidersProps {
  locale: Locale;
  site?: SiteConfig;
  children: ReactNode;
}

/**
 * In a browser page the server rendered, its <head> already holds Chakra's global styles (reset,
 * layer order, tokens); the provider's own copies would only restyle the page during hydration.
 * Storybook and component tests render in the browser only and get the full system.
 */
const hydratingSystem: typeof system = { ...system, _global: [], layers: { ...system.layers, atRule: "" } };
let pageSystem: typeof system | undefined;
const systemForPage = () => (pageSystem ??= hasServerGlobalStyles() ? hydratingSystem : system);

/**
 * Everything a component needs around it: the design system, the language (Lingui messages, our
 * locale helpers and Chakra's LocaleProvider for direction-aware component behaviour) and the site
 * configuration. Used by the app's root, by Storybook and by component tests.
 */
export function AppProviders({ locale, site = defaultSiteConfig, children }: AppProvidersProps) {
  return (
    <ChakraProvider value={systemForPage()}>
      <LocaleProvider locale={intlLocale[locale]}>
        <I18nProvider i18n={getI18n(locale)}>
          <LocaleValueProvider locale={locale}>
            <SiteConfigProvider value={site}>{children}</SiteConfigProvider>
          </LocaleValueProvider>
        </I18nProvider>
      </LocaleProvider>
    </ChakraProvider>
  );
}
