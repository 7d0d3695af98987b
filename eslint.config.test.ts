import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { featurePublicModules } from "./eslint.config.js";

// The layering rules of eslint.config.js, run through ESLint's Node API on small sources placed
// (virtually) in the folders they govern. Imported modules are the repository's real files.

const root = path.dirname(fileURLToPath(import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The layering and naming problems ESLint reports for `code` as if it were the file at `file`. */
async function problemsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages
    .filter((message) => /^(import\/|check-file\/|no-restricted-imports$)/.test(message.ruleId ?? ""))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe("layering rules", { timeout: 60_000 }, () => {
  it("components/ui and lib import no feature, route or app/server", async () => {
    expect(await problemsOf("app/components/ui/example.tsx", `import { useCartCount } from "~/features/cart/cart-store";\nexport const count = useCartCount;\n`)).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*components\/ui and lib/),
    ]);
    expect(await problemsOf("app/lib/example.ts", `import { env } from "~/server/env.server";\nexport const read = env;\n`)).toHaveLength(1);
    expect(await problemsOf("app/lib/example.ts", `import { formatVnd } from "~/lib/money";\nexport const format = formatVnd;\n`)).toEqual([]);
    expect(await problemsOf("app/components/ui/example.tsx", `import { cn } from "./cn";\nexport const join = cn;\n`)).toEqual([]);
  });

  it("lib and components/ui never import the tables", async () => {
    const importTables = `import { products } from "~/db/schema";\nexport const table = products;\n`;
    expect(await problemsOf("app/lib/example.ts", importTables)).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*components\/ui and lib/),
    ]);
    expect(await problemsOf("app/components/ui/example.tsx", importTables)).toHaveLength(1);
  });

  it("app/db imports nothing of ours but app/lib", async () => {
    expect(
      await problemsOf("app/db/schema/example.ts", `import { getSettings } from "~/features/settings/settings.server";\nexport const read = getSettings;\n`),
    ).toEqual([expect.stringMatching(/^import\/no-restricted-paths: .*app\/db imports nothing of ours but app\/lib/)]);
    expect(await problemsOf("app/db/schema/example.ts", `import { meta } from "~/routes/store/home";\nexport const m = meta;\n`)).toHaveLength(1);
    expect(await problemsOf("app/db/schema/example.ts", `import { env } from "~/server/env.server";\nexport const read = env;\n`)).toHaveLength(1);
    expect(await problemsOf("app/db/schema/example.ts", `import { LOCALES } from "../../lib/i18n/locale";\nexport const v = LOCALES;\n`)).toEqual([]);
    expect(await problemsOf("app/db/schema/example.ts", `import { createdAt } from "./columns";\nexport const c = createdAt;\n`)).toEqual([]);
  });

  it("only the server's i18n module loads the message catalogues", async () => {
    const importCatalogue = `import { en } from "~/lib/i18n/catalogue/en";\nexport const texts = en;\n`;
    expect(await problemsOf("app/features/storefront/components/example.tsx", importCatalogue)).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*Only app\/server\/i18n.server.ts loads the message catalogues/),
    ]);
    expect(await problemsOf("app/root.tsx", importCatalogue)).toHaveLength(1);
    expect(await problemsOf("app/server/i18n.server.ts", importCatalogue)).toEqual([]);
  });

  it("toasts go through components/ui/toast, which loads sonner on the first toast", async () => {
    expect(await problemsOf("app/features/catalog/components/example.tsx", `import { toast } from "sonner";\nexport const show = toast;\n`)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*~\/components\/ui\/toast/),
    ]);
    expect(await problemsOf("app/features/catalog/components/example.tsx", `import type { ExternalToast } from "sonner";\nexport type Options = ExternalToast;\n`)).toEqual([]);
    expect(await problemsOf("app/features/catalog/components/example.tsx", `import { toast } from "~/components/ui/toast";\nexport const show = toast;\n`)).toEqual([]);
  });

  it("pages keep tailwind-merge and Radix's Slot out (cn() and ui/slot instead)", async () => {
    expect(await problemsOf("app/components/ui/example.tsx", `import { twMerge } from "tailwind-merge";\nexport const merge = twMerge;\n`)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*cn\(\) joins classes/),
    ]);
    expect(await problemsOf("app/components/ui/example.tsx", `import { Slot } from "@radix-ui/react-slot";\nexport const S = Slot;\n`)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*~\/components\/ui\/slot/),
    ]);
  });

  it("pages draw icons from the sprite (ui/icons), not lucide-react's components", async () => {
    expect(await problemsOf("app/features/catalog/components/example.tsx", `import { Star } from "lucide-react";\nexport const S = Star;\n`)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*~\/components\/ui\/icons/),
    ]);
    expect(await problemsOf("app/features/catalog/components/example.tsx", `import { Star } from "~/components/ui/icons";\nexport const S = Star;\n`)).toEqual([]);
  });

  it("app/server imports no feature, except the composition root", async () => {
    const importSettings = `import { getSettings } from "~/features/settings/settings.server";\nexport const read = getSettings;\n`;
    expect(await problemsOf("app/server/example.server.ts", importSettings)).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*app\/server is infrastructure/),
    ]);
    expect(await problemsOf("app/server/context.server.ts", importSettings)).toEqual([]);
    expect(await problemsOf("app/server/example.server.ts", `import { notify } from "./events.server";\nexport const send = notify;\n`)).toEqual([]);
  });

  it("a feature imports another feature only through its public modules, and never a route", async () => {
    expect(
      await problemsOf("app/features/orders/example.server.ts", `import { loadListing } from "~/features/catalog/listing.server";\nexport const load = loadListing;\n`),
    ).toEqual([expect.stringMatching(/^import\/no-restricted-paths: .*public modules of features\/catalog/)]);
    expect(
      await problemsOf("app/features/catalog-admin/example.server.ts", `import { loadListing } from "~/features/catalog/listing.server";\nexport const load = loadListing;\n`),
    ).toHaveLength(1);
    expect(
      await problemsOf("app/features/orders/example.server.ts", `import { getSettings } from "~/features/settings/settings.server";\nexport const read = getSettings;\n`),
    ).toEqual([]);
    expect(
      await problemsOf("app/features/catalog/example.server.ts", `import { loadListing } from "./listing.server";\nexport const load = loadListing;\n`),
    ).toEqual([]);
    expect(
      await problemsOf("app/features/newsletter/example.ts", `import { action } from "~/routes/store/newsletter";\nexport const signUp = action;\n`),
    ).toEqual([expect.stringMatching(/^import\/no-restricted-paths: .*never imports a route/)]);
  });

  it("a route never imports another route (only its own server part beside it)", async () => {
    expect(
      await problemsOf("app/routes/store/example.tsx", `import type { loader } from "./layout";\nexport type Loader = typeof loader;\n`),
    ).toEqual([expect.stringMatching(/^import\/no-restricted-paths: .*A route never imports another route/)]);
    expect(
      await problemsOf("app/routes/admin/example.tsx", `import { action } from "~/routes/store/newsletter";\nexport const signUp = action;\n`),
    ).toHaveLength(1);
    expect(
      await problemsOf("app/routes/admin/example.tsx", `import { shipmentIntents } from "./shipment-intents.server";\nexport const intents = shipmentIntents;\n`),
    ).toEqual([]);
    expect(
      await problemsOf("app/routes/store/example.tsx", `import { storeMeta } from "~/features/storefront/store-meta";\nexport const meta = storeMeta;\n`),
    ).toEqual([]);
  });

  it("server/ and scripts/ reach a feature only through its public modules", async () => {
    const importPrivate = `import { REVIEW_TITLE_MAX } from "~/features/reviews/review-rules";\nexport const limit = REVIEW_TITLE_MAX;\n`;
    expect(await problemsOf("server/example.ts", importPrivate)).toEqual([
      expect.stringMatching(/^import\/no-restricted-paths: .*server\/ and scripts\/ import only the public modules of features\/reviews/),
    ]);
    const importSettingsPage = `import { SettingsPage } from "~/features/settings/components/settings-page";\nexport const Page = SettingsPage;\n`;
    expect(await problemsOf("scripts/example.ts", importSettingsPage)).toHaveLength(1);
    expect(
      await problemsOf("scripts/example.ts", `import { createAdminUser } from "~/features/auth/owner-accounts.server";\nexport const create = createAdminUser;\n`),
    ).toEqual([]);
    expect(
      await problemsOf("server/example.ts", `import { startEmailSender } from "~/features/email/outbox.server";\nexport const start = startEmailSender;\n`),
    ).toEqual([]);
  });

  it("reports an import cycle", async () => {
    // listing.server.ts imports search-text.ts: search-text.ts importing it back closes a cycle.
    const cyclic = `import { listProducts } from "./listing.server";\nexport const list = listProducts;\n`;
    expect(await problemsOf("app/features/catalog/search-text.ts", cyclic)).toEqual([expect.stringMatching(/^import\/no-cycle: /)]);
    expect(await problemsOf("app/features/catalog/example.ts", cyclic)).toEqual([]);
  });

  it("wants kebab-case file names (middle extensions such as .server and .test allowed)", async () => {
    expect(await problemsOf("app/lib/moneyHelpers.ts", "export const one = 1;\n")).toEqual([
      expect.stringMatching(/^check-file\/filename-naming-convention: /),
    ]);
    expect(await problemsOf("server/StartServer.ts", "export const one = 1;\n")).toHaveLength(1);
    expect(await problemsOf("app/lib/money-helpers.server.test.ts", "export const one = 1;\n")).toEqual([]);
  });
});

describe("docs/architecture.md", () => {
  it("lists each feature's public modules exactly as featurePublicModules does", () => {
    const doc = fs.readFileSync(path.join(root, "docs/architecture.md"), "utf8");
    const table = doc.slice(doc.indexOf("| feature | what other features may import |")).split("\n\n")[0];
    const documented = table
      .split("\n")
      .slice(2)
      .map((row) => row.split("|").map((cell) => cell.trim()))
      .map(([, feature, modules]) => [feature, modules === "nothing" ? [] : [...modules.matchAll(/`([^`]+)`/g)].map((m) => m[1])]);
    const features = fs
      .readdirSync(path.join(root, "app/features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const configured = features.map((feature) => [feature, featurePublicModules[feature as keyof typeof featurePublicModules] ?? []]);
    expect(documented).toEqual(configured);
  });
});
