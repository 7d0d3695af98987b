import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "drizzle/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through env() in app/server/env.server.ts." },
      ],
    },
  },
  {
    // The places allowed to read process.env: the env parser, start scripts, tests and tooling.
    files: ["app/server/env.server.ts", "scripts/**", "tests/**", "bench/**", "**/*.test.ts", "*.config.ts", "app/test/**"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["scripts/**/*.mjs", "bench/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", fetch: "readonly", setTimeout: "readonly" } },
  },
);
