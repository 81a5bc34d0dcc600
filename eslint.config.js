// @ts-check
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import lingui from "eslint-plugin-lingui";
import reactHooks from "eslint-plugin-react-hooks";
import checkFile from "eslint-plugin-check-file";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = (() => {
  try {
    return readdirSync("src/features", { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

/** src/ never reaches into the server, tests or stories. */
const outsideSrc = "^(\\.\\./)+(server|tests|stories|\\.storybook)(/|$)";

/** server/ never reaches into the app or a feature. */
const serverNotApp = {
  regex: "^(\\.\\./)+src/(app|features)(/|$)",
  message: "server/ must not import src/app or src/features: move what both need to src/lib.",
};

/** An import of the server folder `names` (one of them) from a sibling folder of server/. */
const serverFolder = (names) => `^(\\.\\./)+(${names})/`;

/** What other folders may use of server/api: its request helpers, not its routers. */
const apiEntries = "client-address|rate-limit|shared-rate-limit|shared-limits|multipart";
const apiInternals = {
  regex: `^(\\.\\./)+api/(?!(${apiEntries})\\.ts$)`,
  message: `outside server/api, use only its declared entries (${apiEntries.replaceAll("|", ", ")}); the routers are mounted by createApi.`,
};

/**
 * Layers inside server/ (server/README.md): db at the bottom; ops and mail on db; analytics, audio and
 * site on those and api's request helpers; jobs start mail, analytics and audio work; api composes it all
 * (createApi); app.ts, main.ts, dev.ts and cli/ at the top. Nothing imports cli/.
 */
const serverBoundaries = [
  { folder: null, patterns: [{ regex: serverFolder("cli"), message: "server/cli holds command line entries: nothing imports them." }] },
  {
    folder: "db",
    patterns: [
      {
        regex: serverFolder("api|site|ops|mail|analytics|audio|jobs|cli"),
        message:
          "server/db is the bottom layer and imports nothing else from server/: pass what it needs in (as prepareDatabase's underLock).",
      },
    ],
  },
  {
    folder: "ops",
    patterns: [{ regex: serverFolder("api|site|mail|analytics|audio|jobs|cli"), message: "server/ops uses only server/db." }],
  },
  {
    folder: "mail",
    patterns: [{ regex: serverFolder("api|site|analytics|audio|jobs|cli"), message: "server/mail uses only server/db and server/ops." }],
  },
  {
    folder: "analytics",
    patterns: [
      {
        regex: serverFolder("site|mail|audio|jobs|cli"),
        message: "server/analytics uses only server/db, server/ops and api's request helpers.",
      },
      apiInternals,
    ],
  },
  {
    folder: "audio",
    patterns: [
      {
        regex: serverFolder("site|mail|analytics|jobs|cli"),
        message: "server/audio uses only server/db, server/ops and api's request helpers.",
      },
      apiInternals,
    ],
  },
  {
    folder: "site",
    patterns: [
      {
        // The page threads answer the analytics beacon with its one set of rules (server/analytics/beacon.ts);
        // the analytics listener's thread with its own HTTP server (server/analytics/beacon-listener.ts).
        regex: "^(\\.\\./)+(analytics/(?!beacon(-listener)?\\.ts$)|(audio|jobs|cli)/)",
        message:
          "server/site serves pages: it uses db, ops, mail's i18n, api's request helpers and the beacon's rules and listener (analytics/beacon.ts, analytics/beacon-listener.ts).",
      },
      apiInternals,
    ],
  },
  {
    folder: "jobs",
    patterns: [
      {
        regex: serverFolder("api|site|cli"),
        message: "server/jobs uses db, ops, mail, analytics and audio; the API starts the jobs, not the reverse.",
      },
    ],
  },
  {
    folder: "api",
    // The test helper runs the API in-process the way app.ts does.
    ignores: ["server/api/testing.ts"],
    patterns: [{ regex: serverFolder("site|cli"), message: "server/api does not serve pages: app.ts composes the API and the site." }],
  },
];

/** Attributes and properties whose strings a person reads or hears. */
const visible = "aria-label|aria-description|aria-roledescription|aria-valuetext|title|alt|placeholder|label|loadingText";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "storybook-static/**",
      "node_modules/**",
      ".react-router/**",
      "coverage/**",
      ".tmp/**",
      "locales/**/*.ts",
      // Generated from src/lib by scripts/functions-domain.mjs (linted there).
      "supabase/functions/_shared/domain/**",
      "!.storybook",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "stories/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  // Guard rails: no import cycles; kebab-case file and folder names (React Router's route files keep
  // their URL syntax: `rss[.]xml.ts`, `sitemaps.$file.ts`).
  {
    files: [
      "src/**/*.{ts,tsx}",
      "server/**/*.{ts,mjs}",
      "scripts/**/*.{ts,mjs}",
      "tests/**/*.{ts,tsx}",
      "stories/**/*.{ts,tsx}",
      "supabase/functions/**/*.ts",
    ],
    plugins: { "import-x": importX, "check-file": checkFile },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "check-file/filename-naming-convention": ["error", { "**/*.{ts,tsx,mjs}": "KEBAB_CASE" }, { ignoreMiddleExtensions: true }],
      "check-file/folder-naming-convention": ["error", { "{src,server,scripts,tests,stories}/**/": "KEBAB_CASE" }],
    },
  },
  // The server may use the shared lib/ (domain rules, contracts) and components for rendering, never the
  // app or a feature (docs/CONTRIBUTING.md, "Where code lives"); inside server/, each folder imports only
  // the folders below it (server/README.md, "Boundaries").
  ...serverBoundaries.map(({ folder, ignores, patterns }) => ({
    files: [folder ? `server/${folder}/**/*.{ts,mjs}` : "server/**/*.{ts,mjs}"],
    ...(ignores ? { ignores } : {}),
    rules: { "no-restricted-imports": ["error", { patterns: [serverNotApp, ...patterns] }] },
  })),
  // An Edge Function deploys from supabase/functions/ alone (Supabase bundles that folder): domain code
  // comes in through the generated _shared/domain copy (scripts/functions-domain.mjs).
  {
    files: ["supabase/functions/**/*.ts"],
    languageOptions: { globals: { Deno: "readonly" } },
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./){2,}",
              message: "an Edge Function imports only from supabase/functions/: use _shared/domain (node scripts/functions-domain.mjs).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/app/routes/*"],
    rules: { "check-file/filename-naming-convention": "off" },
  },
  // Import boundaries (docs/CONTRIBUTING.md, "Where code lives"): components, lib → features → app.
  {
    files: ["src/components/**/*.{ts,tsx}", "src/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/features/**", "**/features/**", "@/app/**", "**/app/**"],
              message: "components and lib must not depend on features or app.",
            },
            { regex: outsideSrc, message: "src/ must not import server/, tests/ or stories/." },
          ],
        },
      ],
    },
  },
  ...features.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/app/**", "**/app/**"], message: "features must not depend on app." },
            {
              group: ["@/features/**", `!@/features/${name}/**`, "../../*/**", `!../../${name}/**`],
              message: "features must not import each other; compose them in src/app.",
            },
            { group: ["**/index", "**/index.ts", "**/index.tsx"], message: "no barrel files: import by path." },
            { regex: outsideSrc, message: "src/ must not import server/, tests/ or stories/." },
          ],
        },
      ],
    },
  })),
  {
    files: ["src/app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: outsideSrc, message: "src/ must not import server/, tests/ or stories/." }] },
      ],
    },
  },
  // No user-visible string outside a Lingui message.
  {
    files: ["src/components/**/*.tsx", "src/features/**/*.tsx", "src/app/**/*.tsx"],
    plugins: { lingui },
    rules: {
      "lingui/no-unlocalized-strings": [
        "error",
        {
          ignore: ["^[^A-Za-z\\u0600-\\u06FF]*$", "^[\\w.:/#?&=%@+-]+$"],
          ignoreNames: [{ regex: { pattern: `^(?!(${visible})$).+$` } }],
          ignoreFunctions: [
            "console.*",
            "Error",
            "*.get",
            "*.set",
            "*.has",
            "new URL",
            "URL",
            "useRouteLoaderData",
            "data",
            "redirect",
            "cva",
            "css",
            "Intl.*",
            "document.*",
            "window.*",
          ],
        },
      ],
      "lingui/t-call-in-function": "error",
      "lingui/no-trans-inside-trans": "error",
      "lingui/no-expression-in-message": "off",
    },
  },
  {
    files: ["**/*.test.{ts,tsx}", "tests/**", "stories/**", "scripts/**", "server/**", ".storybook/**", "src/app/entry.*"],
    rules: { "lingui/no-unlocalized-strings": "off" },
  },
);
