import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import reactRefresh from "eslint-plugin-react-refresh";
import globals from "globals";
import { readdirSync } from "node:fs";

// Web import boundaries (docs/architecture.md, "Web"): a feature imports no other feature and not
// the app shell; shared code (components, hooks, lib, config, testing) imports no feature. What
// two features need moves to lib/api/<resource>/ or components/<resource>/. Only src/app (routes,
// layout) puts features together. Relative imports stay inside a folder, so none slips past.
const webFeatures = readdirSync(new URL("./apps/web/src/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webBoundary = {
  parentRelative: {
    regex: "^\\.\\./",
    message: "Import across folders through @/, so the import boundaries see it.",
  },
  app: { regex: "^@/app/", message: "Only src/app puts features together; nothing imports it but tests." },
  // Toasts go through lib/toast.ts, which has the frame mount sonner's Toaster on the first one.
  sonner: {
    regex: "^sonner$",
    message: 'Import toast from "@/lib/toast", so the Toaster loads with the first toast.',
  },
  feature: (own) => ({
    regex: own ? `^@/features/(?!${own}/)` : "^@/features/",
    message: own
      ? "A feature does not import another feature: move what both need to lib/api/<resource>/ or components/<resource>/."
      : "Shared code does not import features: move what it needs out of the feature into lib or components.",
  }),
};
const webImportRule = (...patterns) => ({ "no-restricted-imports": ["error", { patterns }] });
const webTests = "apps/web/src/**/*.test.{ts,tsx}";
const webBoundaryBlocks = [
  ...webFeatures.flatMap((feature) => [
    {
      files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
      ignores: [webTests],
      rules: webImportRule(
        webBoundary.parentRelative,
        webBoundary.app,
        webBoundary.feature(feature),
        webBoundary.sonner,
      ),
    },
    {
      files: [`apps/web/src/features/${feature}/**/*.test.{ts,tsx}`],
      rules: webImportRule(webBoundary.parentRelative, webBoundary.feature(feature)),
    },
  ]),
  {
    files: ["apps/web/src/{components,hooks,lib,config}/**/*.{ts,tsx}"],
    ignores: [webTests, "apps/web/src/lib/toast.ts", "apps/web/src/components/ui/sonner.tsx"],
    rules: webImportRule(
      webBoundary.parentRelative,
      webBoundary.app,
      webBoundary.feature(),
      webBoundary.sonner,
    ),
  },
  {
    files: ["apps/web/src/lib/toast.ts", "apps/web/src/components/ui/sonner.tsx"],
    rules: webImportRule(webBoundary.parentRelative, webBoundary.app, webBoundary.feature()),
  },
  {
    files: [
      "apps/web/src/testing/**/*.{ts,tsx}",
      "apps/web/src/{components,hooks,lib,config}/**/*.test.{ts,tsx}",
    ],
    rules: webImportRule(webBoundary.parentRelative, webBoundary.feature()),
  },
  {
    files: ["apps/web/src/app/**/*.{ts,tsx}"],
    ignores: [webTests],
    rules: webImportRule(webBoundary.parentRelative, webBoundary.sonner),
  },
  {
    files: ["apps/web/src/app/**/*.test.{ts,tsx}"],
    rules: webImportRule(webBoundary.parentRelative),
  },
];

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "**/data/**",
      "screenshots/**",
      "test-results/**",
      "playwright-report/**",
      "apps/server/drizzle/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["apps/server/**/*.ts", "scripts/**/*.ts", "e2e/**/*.ts", "*.config.ts", "*.config.js"],
    languageOptions: { globals: globals.node },
  },
  {
    // Playwright fixtures must destructure their dependencies, even when there are none.
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    // Configuration is parsed once, in env.ts; everything else receives it.
    files: ["apps/server/src/**/*.ts"],
    ignores: ["apps/server/src/env.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration from env.ts." },
      ],
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks, "react-refresh": reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "react-refresh/only-export-components": ["error", { allowConstantExport: true }],
    },
  },
  ...webBoundaryBlocks,
);
