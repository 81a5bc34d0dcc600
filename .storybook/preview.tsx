import "@fontsource-variable/inter/wght.css";
import "@fontsource-variable/noto-sans-arabic/wght.css";
import type { Decorator, Preview } from "@storybook/react-vite";
import { type ReactNode, useEffect, useMemo } from "react";
import { Link, RouterProvider, createMemoryRouter, useLocation } from "react-router";
import { PageNavigationProvider } from "../src/components/navigation";
import { AppProviders } from "../src/components/providers/app-providers";
import { loadI18n } from "../src/lib/i18n/catalogs";
import { type Locale, directionOf, localizePath } from "../src/lib/i18n/locale";
import { desktopModes, viewports } from "./modes";

type Direction = "auto" | "rtl" | "ltr";

/** Links navigate in the story's memory router, as they do in the admin area (src/components/navigation.tsx). */
function WithNavigation({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const value = useMemo(() => ({ pathname, RouterLink: Link }), [pathname]);
  return <PageNavigationProvider value={value}>{children}</PageNavigationProvider>;
}

/** Language and direction come from the toolbar; a story can pin them with `globals`. */
const withApp: Decorator = (Story, context) => {
  const locale = (context.globals.locale ?? "ar") as Locale;
  const direction = (context.globals.direction ?? "auto") as Direction;
  const dir = direction === "auto" ? directionOf(locale) : direction;
  const path = localizePath((context.parameters.route as string | undefined) ?? "/", locale);

  useEffect(() => {
    document.documentElement.lang = locale;
    document.documentElement.dir = dir;
  }, [locale, dir]);

  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <WithNavigation>
            <Story />
          </WithNavigation>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return (
    <AppProviders locale={locale}>
      <div dir={dir} lang={locale}>
        <RouterProvider router={router} />
      </div>
    </AppProviders>
  );
};

const preview: Preview = {
  globalTypes: {
    locale: {
      description: "Language",
      toolbar: {
        title: "Language",
        icon: "globe",
        items: [
          { value: "ar", title: "العربية (ar)" },
          { value: "en", title: "English (en)" },
        ],
        dynamicTitle: true,
      },
    },
    direction: {
      description: "Text direction",
      toolbar: {
        title: "Direction",
        icon: "transfer",
        items: [
          { value: "auto", title: "Auto (from language)" },
          { value: "rtl", title: "Right to left" },
          { value: "ltr", title: "Left to right" },
        ],
        dynamicTitle: true,
      },
    },
  },
  // The story tests run once per language (vitest.config.ts sets STORYBOOK_LOCALE); Storybook itself
  // opens in Arabic.
  initialGlobals: { locale: (import.meta.env.STORYBOOK_LOCALE as Locale | undefined) ?? "ar", direction: "auto" },
  loaders: [
    async (context) => {
      await loadI18n((context.globals.locale ?? "ar") as Locale, { admin: true });
      return {};
    },
  ],
  decorators: [withApp],
  parameters: {
    layout: "fullscreen",
    a11y: { test: "error" },
    viewport: { options: viewports },
    // Every story is snapshotted in Arabic right to left and English left to right; stories whose
    // layout changes on a phone add the mobile modes (see modes.ts).
    chromatic: { modes: desktopModes },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
  tags: ["autodocs"],
};

export default preview;
