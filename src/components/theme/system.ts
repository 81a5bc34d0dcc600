/**
 * The design system: Chakra UI v3 with our brand tokens. Light theme only.
 *
 * Brand: a deep "gulf teal" for trust and calm, with a warm "sand gold" accent used sparingly
 * (highlights, badges). Typography: Noto Sans Arabic for Arabic and Inter for Latin, both variable
 * and self-hosted; the browser picks the face per script through unicode-range, so one stack serves
 * both languages. A page loads only its own language's face, and paints first in the metric-matched
 * "… Fallback" faces (src/app/fonts.ts), then the systems' own fonts.
 */
import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import { chakraTheme } from "./chakra-theme";

const fontStack =
  "'Inter Variable', 'Noto Sans Arabic Variable', 'Inter Fallback', 'Noto Sans Arabic', 'Noto Sans Arabic UI', 'Noto Sans Arabic Fallback', system-ui, -apple-system, 'Segoe UI', sans-serif";

const base = defineConfig({
  preflight: true,
  cssVarsRoot: ":where(html, .chakra-theme)",
  globalCss: chakraTheme.globalCss,
  theme: {
    breakpoints: chakraTheme.breakpoints,
    keyframes: chakraTheme.keyframes,
    textStyles: chakraTheme.textStyles,
    layerStyles: chakraTheme.layerStyles,
    animationStyles: chakraTheme.animationStyles,
    tokens: chakraTheme.tokens,
    semanticTokens: chakraTheme.semanticTokens,
    recipes: chakraTheme.recipes,
    slotRecipes: chakraTheme.slotRecipes,
  },
});

const config = defineConfig({
  cssVarsPrefix: "ck",
  globalCss: {
    "html, body": { bg: "bg", color: "fg", fontFamily: "body" },
    html: { scrollBehavior: "smooth", textSizeAdjust: "100%" },
    body: { minHeight: "100dvh", lineHeight: "1.6", textRendering: "optimizeLegibility" },
    "html[lang=ar] body": { lineHeight: "1.8" },
    "@media (prefers-reduced-motion: reduce)": {
      "& html": { scrollBehavior: "auto" },
      "& *, & *::before, & *::after": { animationDuration: "0.01ms !important", transitionDuration: "0.01ms !important" },
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: fontStack },
        body: { value: fontStack },
      },
      colors: {
        brand: {
          50: { value: "#ecfdf8" },
          100: { value: "#cff7eb" },
          200: { value: "#a2eed9" },
          300: { value: "#67dec3" },
          400: { value: "#2dc3a6" },
          500: { value: "#0fa68c" },
          600: { value: "#078672" },
          700: { value: "#0a6b5d" },
          800: { value: "#0d554b" },
          900: { value: "#0e463f" },
          950: { value: "#032925" },
        },
        sand: {
          50: { value: "#fbf8ef" },
          100: { value: "#f4ecd4" },
          200: { value: "#e9d7a6" },
          300: { value: "#dcbd72" },
          400: { value: "#d1a64e" },
          500: { value: "#b98a35" },
          600: { value: "#9a6c2c" },
          700: { value: "#7b5227" },
          800: { value: "#664425" },
          900: { value: "#573a23" },
          950: { value: "#321e10" },
        },
        ink: {
          50: { value: "#f5f7f9" },
          100: { value: "#e8edf2" },
          200: { value: "#d2dbe4" },
          300: { value: "#aebdcc" },
          400: { value: "#8198b0" },
          500: { value: "#627a94" },
          600: { value: "#4d627a" },
          700: { value: "#3f5063" },
          800: { value: "#374454" },
          900: { value: "#1f2937" },
          950: { value: "#0f1722" },
        },
      },
      radii: {
        card: { value: "1rem" },
        pill: { value: "9999px" },
      },
    },
    // Surfaces the public pages repeat: a white panel (forms, steps, post cards) and a tinted one
    // (the contact aside, the article's booking box). Spacing and shadow stay with each use.
    layerStyles: {
      panel: { value: { bg: "bg", borderWidth: "1px", borderColor: "border", borderRadius: "2xl" } },
      "panel.brand": { value: { bg: "brand.subtle", borderWidth: "1px", borderColor: "brand.muted", borderRadius: "2xl" } },
      // The skip link: off screen above the page until focused from the keyboard.
      skipLink: {
        value: {
          position: "absolute",
          insetInlineStart: "2",
          top: "-16",
          zIndex: "skipNav",
          bg: "brand.solid",
          color: "white",
          paddingInline: "4",
          paddingBlock: "2",
          borderRadius: "md",
          _focusVisible: { top: "2" },
        },
      },
      // An outline button on the dark hero (with variant="outline"): white text, a light border, a light wash on hover.
      "outline.onDark": { value: { color: "white", borderColor: "whiteAlpha.500", _hover: { bg: "whiteAlpha.200" } } },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: "{colors.brand.700}" },
          contrast: { value: "white" },
          fg: { value: "{colors.brand.800}" },
          muted: { value: "{colors.brand.100}" },
          subtle: { value: "{colors.brand.50}" },
          emphasized: { value: "{colors.brand.200}" },
          focusRing: { value: "{colors.brand.600}" },
        },
        sand: {
          solid: { value: "{colors.sand.400}" },
          contrast: { value: "{colors.ink.950}" },
          fg: { value: "{colors.sand.800}" },
          muted: { value: "{colors.sand.100}" },
          subtle: { value: "{colors.sand.50}" },
          emphasized: { value: "{colors.sand.200}" },
          focusRing: { value: "{colors.sand.500}" },
        },
        fg: {
          DEFAULT: { value: "{colors.ink.950}" },
          muted: { value: "{colors.ink.700}" },
          // The required mark and field errors: red.700 is 6.5:1 on white and over 5.5:1 on the brand's
          // mint panels (Chakra's red.500 is 3.76:1, under WCAG AA for text).
          error: { value: "{colors.red.700}" },
        },
        // Success toasts and badges: white text on green.700 is 5.0:1 (Chakra's green.600 is 3.3:1).
        green: {
          solid: { value: "{colors.green.700}" },
        },
        bg: {
          DEFAULT: { value: "white" },
          subtle: { value: "{colors.ink.50}" },
          muted: { value: "{colors.ink.100}" },
          hero: { value: "{colors.brand.950}" },
        },
        border: {
          DEFAULT: { value: "{colors.ink.200}" },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, base, config);
