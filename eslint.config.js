import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import checkFile from "eslint-plugin-check-file";
import importPlugin from "eslint-plugin-import";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const root = path.dirname(fileURLToPath(import.meta.url));
const at = (...parts) => path.join(root, ...parts);
const features = fs
  .readdirSync(at("app/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The public surface of each feature: the only modules another feature may import (paths inside
 * app/features/<name>/). Everything else in a feature is private to it. A feature not listed
 * exposes nothing to other features (routes may still import any of it).
 */
export const featurePublicModules = {
  address: [
    "address.schema.ts",
    "address-value.ts",
    "address.server.ts",
    // The shopper's "Deliver to" place and its province (the header chooses, checkout pre-selects).
    "delivery-locations.ts",
    "components/address-fields.tsx",
    "components/address-selects.tsx",
  ],
  // auth.schema and owner-accounts: the admin:create CLI (scripts/admin-create.ts) makes the first owner.
  auth: ["components/form-alert.tsx", "auth.schema.ts", "owner-accounts.server.ts"],
  cart: [
    "cart-store.ts",
    "cart.server.ts",
    "cart-cookie.server.ts",
    "cart-client.ts",
    "components/cart-form.tsx",
    "components/add-to-cart-form.tsx",
    "components/cart-added-status.tsx",
  ],
  catalog: [
    // The catalogue's cache (invalidateCatalogCache) and shared SQL (hasVariantsSql); the reads'
    // shapes (types only); a product page's read (the console's store-stock tests read it back).
    "catalog.server.ts",
    "catalog-types.ts",
    "product-page.server.ts",
    "catalog.schema.ts",
    // A product page's path, without the listing's filter code (the console links to the page).
    "product-path.ts",
    "search-text.ts",
    "components/currency-switch.tsx",
    "components/search-button.tsx",
    // The product card, for products shown beside other content (a blog post's related products).
    "components/product-card.tsx",
  ],
  // pickup-stock: the shops' units a pickup order is offered and taken from (checkout, decision 0051).
  "catalog-admin": ["admin-products.server.ts", "pickup-stock.server.ts"],
  cod: ["remittances.server.ts", "remittance-file.server.ts", "cod.schema.ts", "cod-figures.server.ts"],
  checkout: [
    "place-order.server.ts",
    "checkout.schema.ts",
    "delivery-promise.ts",
    "components/cart-drawer.tsx",
  ],
  content: [
    "content.schema.ts",
    "defaults.ts",
    "defaults-vi.ts",
    "types.ts",
    "placeholders.ts",
    "manual.server.ts",
    // Going live hides the seeded testimonials (the seed feature's go-live, decision 0053).
    "sample-testimonials.server.ts",
    // The testimonials' stars (the shop's testimonial), without the home page's section.
    "components/star-rating.tsx",
  ],
  // The order page shows the profile-difference note through its route (decision 0048).
  customers: ["customers.server.ts"],
  discounts: ["discounts.server.ts", "discounts.schema.ts", "discount-redemption.server.ts"],
  email: ["email.server.ts", "outbox.server.ts"],
  inventory: ["inventory.server.ts", "inventory.schema.ts"],
  newsletter: ["components/newsletter-form.tsx"],
  // Policies and blog posts (issue 19): the seed inserts the starting ones, the footer links the policies.
  pages: ["pages.server.ts", "pages.schema.ts", "starting-policies.ts", "starting-posts.ts"],
  // reviewLinkFor (the delivered e-mail) and seedDemoReviews (the seed).
  reviews: ["reviews.server.ts", "reviews.schema.ts"],
  orders: [
    "orders.server.ts",
    "orders.schema.ts",
    "order-transitions.server.ts",
    "confirmation.schema.ts",
    "components/order-status-badge.tsx",
  ],
  shipping: [
    "carrier.ts",
    "shipments.server.ts",
    "shipments.schema.ts",
    "carrier-accounts.server.ts",
    // Not the shipment panel: the order page's route passes it in (decision 0048).
    "components/shipping-label.tsx",
  ],
  seed: ["seed.server.ts", "seed-data.ts", "content-seed.server.ts"],
  settings: ["settings.server.ts", "settings.schema.ts", "store-name.ts", "confirmation-message.ts", "delivery-calendar.ts"],
  // seo-meta: the storefront's head and its layout data type (features/storefront/store-meta.ts).
  seo: ["seo-admin.server.ts", "seo-meta.ts"],
  theme: ["theme.schema.ts", "theme.server.ts"],
};

/** The one module of app/server allowed to import features: it wires the services (seeding). */
const compositionRoot = "app/server/context.server.ts";

/** Import zones (ARCHITECTURE.md, "Rules that keep the house simple"). */
const layerZones = [
  {
    target: [at("app/components/ui"), at("app/lib")],
    from: [at("app/features"), at("app/routes"), at("app/server"), at("app/db")],
    message: "components/ui and lib are below features, routes, app/server and app/db: they import none of them.",
  },
  {
    // The tables are the bottom of the server side: a schema importing a feature or a route would
    // pull it into every migration and every query (its tests may use the test database helpers).
    target: at("app/db/**/!(*.test).ts"),
    from: [
      at("app/{features,routes,server,components,test}/**"),
      at("app/*.{ts,tsx}"),
      at("{server,scripts}/**"),
    ],
    message: "app/db imports nothing of ours but app/lib.",
  },
  {
    target: at("app/server/**/!(" + path.basename(compositionRoot) + ")"),
    from: [at("app/features/**"), at("app/routes/**")],
    message: `app/server is infrastructure: it imports no feature and no route (only ${compositionRoot} wires features).`,
  },
  {
    // A route reads the request and calls features; what two routes share lives in a feature or
    // app/server (issue 32). A route's own server part split out for size (`*.server.ts` beside it,
    // imported by that route alone) is the one file under app/routes a route may import.
    target: at("app/routes/**/!(*.test).{ts,tsx}"),
    from: at("app/routes/**/!(*.server).{ts,tsx}"),
    message: "A route never imports another route: move what they share to a feature or app/server.",
  },
  {
    target: at("app/features"),
    from: at("app/routes"),
    message: "A feature never imports a route: routes call features.",
  },
  {
    // Decisions 0021, 0036: a page fetches its language's catalogue as a file; a catalogue imported
    // by a component would ship both languages in the JavaScript bundle.
    target: [
      at("app/{features,routes,components}/**"),
      at("app/*.{ts,tsx}"),
      at("app/lib/*.{ts,tsx}"),
      at("app/lib/i18n/!(messages).{ts,tsx}"),
      at("app/server/**/!(i18n.server.ts)"),
    ],
    from: at("app/lib/i18n/catalogue"),
    message: "Only app/server/i18n.server.ts loads the message catalogues; pages read texts with useI18n().",
  },
  ...features.map((name) => ({
    // The server's entry and the CLIs are outside the app: they reach a feature as another feature would.
    target: [at("server/**/!(*.test).ts"), at("scripts/**/!(*.test).ts")],
    from: at("app/features", name),
    except: featurePublicModules[name] ?? [],
    message: `server/ and scripts/ import only the public modules of features/${name} (featurePublicModules in eslint.config.js).`,
  })),
  ...features.map((name) => ({
    target: at(`app/features/!(${name})/**`),
    from: at("app/features", name),
    except: featurePublicModules[name] ?? [],
    message: `Another feature may import only the public modules of features/${name} (featurePublicModules in eslint.config.js).`,
  })),
];

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "drizzle/", "bench/ceiling/app/routes/markup/"],
  },
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
        {
          object: "process",
          property: "env",
          message: "Read configuration through env() in app/server/env.server.ts.",
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx}", "scripts/**/*.ts"],
    plugins: { import: importPlugin },
    settings: {
      // eslint-plugin-import parses .ts/.tsx with TypeScript's parser and resolves the ~/ alias
      // through tsconfig.json. (Not eslint-plugin-import-x: its resolver ships native bindings
      // whose other-platform packages the npm registry here lacks, so `npm ci` refused the lock.)
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // Without these, no-cycle follows only .js modules and silently checks nothing here.
      "import/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import/resolver": { typescript: { project: at("tsconfig.json") }, node: true },
    },
    rules: {
      "import/no-restricted-paths": ["error", { basePath: root, zones: layerZones }],
      // disableScc: the precomputed components read files from disk, so a cycle closed by the file
      // being linted (an editor buffer, eslint.config.test.ts) would go unseen.
      "import/no-cycle": ["error", { ignoreExternal: true, disableScc: true }],
    },
  },
  {
    // Toasts go through components/ui/toast.tsx, which loads sonner with the first toast: a direct
    // import would put sonner back into every page's JavaScript (decision 0027); tailwind-merge,
    // Radix's Slot and lucide's icon components (decision 0040) are kept out of the pages the same way.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/ui/toast.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "sonner",
              message: "Use ~/components/ui/toast (it loads sonner with the first toast).",
              allowTypeImports: true,
            },
            {
              name: "tailwind-merge",
              message:
                "cn() joins classes without merging them (8 KB gzip per page): give the component a prop instead of an overriding class.",
            },
            {
              name: "@radix-ui/react-slot",
              message: "Use ~/components/ui/slot (the same for one child, 1 KB smaller).",
            },
            {
              name: "lucide-react",
              message:
                "Use ~/components/ui/icons (the same names, drawn from one cached sprite; add the icon there and run scripts/icon-sprite.mjs).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx,js,mjs}", "server/**/*.{ts,tsx,js,mjs}", "tests/**/*.{ts,tsx,js,mjs}"],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": [
        "error",
        { "**/*.{ts,tsx,js,mjs}": "KEBAB_CASE" },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    // The places allowed to read process.env: the env parser, start scripts, tests and tooling.
    files: [
      "app/server/env.server.ts",
      "scripts/**",
      "tests/**",
      "bench/**",
      "**/*.test.ts",
      "*.config.ts",
      "app/test/**",
    ],
    rules: { "no-restricted-properties": "off" },
  },
  {
    files: ["scripts/**/*.mjs", "bench/**/*.mjs"],
    languageOptions: {
      globals: { process: "readonly", console: "readonly", URL: "readonly", fetch: "readonly", setTimeout: "readonly" },
    },
  },
);
