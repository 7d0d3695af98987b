import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getTableName, isTable } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

/*
 * One writer per table (ARCHITECTURE.md): every table has one owning feature, and only that
 * feature's files insert, update or delete its rows (Drizzle's .insert/.update/.delete, or
 * INSERT INTO / UPDATE / DELETE FROM in a sql`` template). Others call the owner's service.
 */

const root = path.resolve(__dirname, "../..");

/** The files of each owner, as paths (a folder ends with "/") from the repository root. */
const owners = {
  // better-auth writes its own tables; our code beside it: the auth feature and the plugin refusing a replayed TOTP code.
  auth: ["app/features/auth/", "app/server/auth.server.ts", "app/server/totp-replay.server.ts"],
  // The shop's own counters in better-auth's rate_limit table (keys with our prefixes).
  rateLimit: ["app/server/rate-limit.server.ts"],
  // The storefront catalogue (app/features/catalog) only reads; the console administers it.
  catalogAdmin: ["app/features/catalog-admin/"],
  content: ["app/features/content/"],
  // Policies and blog posts (issue 19).
  pages: ["app/features/pages/"],
  customers: ["app/features/customers/"],
  discounts: ["app/features/discounts/"],
  email: ["app/features/email/"],
  inventory: ["app/features/inventory/"],
  newsletter: ["app/features/newsletter/"],
  // Buyers' reviews and their moderation (issue 19); the seed adds its demo reviews through the service.
  reviews: ["app/features/reviews/"],
  orders: ["app/features/orders/"],
  // The shopper's cart and the checkout's progress kept with it (decision 0028).
  cart: ["app/features/cart/"],
  shipping: ["app/features/shipping/"],
  cod: ["app/features/cod/"],
  seed: ["app/features/seed/seed.server.ts"],
  seo: ["app/features/seo/"],
  settings: ["app/features/settings/"],
  theme: ["app/features/theme/"],
  // Rollups, kept by database triggers (migrations): no application code writes them.
  database: [],
} satisfies Record<string, string[]>;

type Owner = keyof typeof owners;

/** Every table (by its SQL name) → the one owner that writes it. */
const tableOwners: Record<string, Owner> = {
  user: "auth",
  session: "auth",
  account: "auth",
  verification: "auth",
  two_factor: "auth",
  user_roles: "auth",
  // Staff invitations are the auth feature's (decision 0030); the audit log is written by row
  // triggers, and its export lines by the auth feature (decision 0046).
  staff_invitations: "auth",
  audit_log: "auth",
  rate_limit: "rateLimit",
  categories: "catalogAdmin",
  products: "catalogAdmin",
  product_images: "catalogAdmin",
  store_locations: "catalogAdmin",
  store_stock: "catalogAdmin",
  stock_movements: "inventory",
  sections: "content",
  section_content: "content",
  pages: "pages",
  customers: "customers",
  customer_addresses: "customers",
  discount_codes: "discounts",
  discount_code_usages: "discounts",
  email_outbox: "email",
  newsletter_subscribers: "newsletter",
  product_reviews: "reviews",
  carts: "cart",
  cart_lines: "cart",
  orders: "orders",
  order_items: "orders",
  order_status_history: "orders",
  order_confirmation_attempts: "orders",
  order_call_holds: "orders",
  blocked_phones: "orders",
  order_saved_views: "orders",
  shipments: "shipping",
  shipment_events: "shipping",
  carrier_accounts: "shipping",
  carrier_master_data: "shipping",
  carrier_ward_map: "shipping",
  cod_remittances: "cod",
  cod_remittance_lines: "cod",
  daily_sales: "database",
  daily_product_sales: "database",
  page_seo: "seo",
  settings: "settings",
  theme: "theme",
  app_meta: "seed",
};

/** Columns another owner writes (by their Drizzle key): a product's stock belongs to the inventory. */
const columnOwners: Record<string, Record<string, Owner>> = {
  products: { stockQuantity: "inventory", soldCount: "inventory" },
};

/**
 * The one listed exception: the seed fills a new database with the demo shop (one transaction
 * per step, each step once). Settings, theme, codes and SEO go through their owners' functions
 * and the products' stock through the inventory (recordInitialStock); the page content and the
 * demo catalogue's first rows it inserts itself (never updates or deletes).
 */
const seedInserts: Record<string, string[]> = {
  "app/features/seed/content-seed.server.ts": ["sections", "section_content"],
  "app/features/seed/seed.server.ts": ["categories", "products", "product_images", "store_locations", "store_stock"],
};

/** Test helpers: they build the rows a test needs directly. */
const testHelpers = ["app/test/"];

/** SQL table name by the schema's export name (`discountCodes` → `discount_codes`). */
const tableNameByExport = new Map(
  Object.entries(schema)
    .filter(([, value]) => isTable(value))
    .map(([name, table]) => [name, getTableName(table as Parameters<typeof getTableName>[0])]),
);
const sqlTableNames = new Set(tableNameByExport.values());

interface TableWrite {
  table: string;
  kind: "insert" | "update" | "delete";
  /** Drizzle keys of the columns an update sets (null: not a literal object, or raw SQL). */
  columns: string[] | null;
  line: number;
}

/** Local names bound to schema tables by the file's imports of ~/db/schema (aliases included). */
function schemaBindings(source: string): { tables: Map<string, string>; namespaces: Set<string> } {
  const tables = new Map<string, string>();
  const namespaces = new Set<string>();
  const from = String.raw`from\s*["'](?:~\/db\/schema|\.{1,2}\/(?:[\w.-]+\/)*schema)(?:\/[\w-]+)?["']`;
  for (const match of source.matchAll(new RegExp(String.raw`import\s+(?:type\s+)?\{([^}]*)\}\s*` + from, "g"))) {
    for (const part of match[1].split(",")) {
      const [imported, local] = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/);
      const table = tableNameByExport.get(imported);
      if (table) tables.set(local ?? imported, table);
    }
  }
  for (const match of source.matchAll(new RegExp(String.raw`import\s+\*\s+as\s+([\w$]+)\s*` + from, "g"))) namespaces.add(match[1]);
  return { tables, namespaces };
}

function lineAt(source: string, index: number): number {
  return source.slice(0, index).split("\n").length;
}

/** The text from an opening bracket to its match (strings and templates are not special-cased). */
function balanced(source: string, open: number): string {
  const pairs: Record<string, string> = { "(": ")", "{": "}" };
  const closing = pairs[source[open]];
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === source[open]) depth++;
    else if (source[i] === closing && --depth === 0) return source.slice(open, i + 1);
  }
  return source.slice(open);
}

/** The top-level keys of a `.set({ … })` object literal, or null when it is not one. */
function setColumns(statement: string): string[] | null {
  const set = statement.indexOf(".set(");
  if (set < 0) return null;
  const argument = balanced(statement, set + ".set".length).slice(1, -1).trim();
  if (!argument.startsWith("{")) return null;
  const body = argument.slice(1, -1);
  const keys: string[] = [];
  let depth = 0;
  let inTemplate = false;
  let start = 0;
  for (let i = 0; i <= body.length; i++) {
    const c = body[i];
    if (c === "`") inTemplate = !inTemplate;
    if (inTemplate) continue;
    if (c === "{" || c === "(" || c === "[") depth++;
    if (c === "}" || c === ")" || c === "]") depth--;
    if (i === body.length || (c === "," && depth === 0)) {
      const entry = body.slice(start, i).trim();
      start = i + 1;
      if (!entry) continue;
      if (entry.startsWith("...")) return null; // a spread: the keys are not all written here
      keys.push(/^([\w$]+)/.exec(entry)?.[1] ?? entry);
    }
  }
  return keys;
}

/** The sql`…` templates of a file (interpolations kept, so `update ${products}` is seen too). */
function sqlTemplates(source: string): Array<{ text: string; index: number }> {
  const templates: Array<{ text: string; index: number }> = [];
  for (const match of source.matchAll(/\bsql(?:<[^>`]*>)?`/g)) {
    const start = match.index + match[0].length;
    let depth = 0;
    let i = start;
    for (; i < source.length; i++) {
      const c = source[i];
      if (c === "$" && source[i + 1] === "{") {
        depth++;
        i++;
      } else if (c === "}" && depth > 0) depth--;
      else if (c === "`" && depth === 0) break;
    }
    templates.push({ text: source.slice(start, i), index: start });
  }
  return templates;
}

/** The table writes in one source file (TypeScript), found by their shape. */
function tableWrites(source: string): TableWrite[] {
  const { tables, namespaces } = schemaBindings(source);
  const resolve = (name: string): string | undefined => {
    const [head, tail] = name.split(".");
    if (tail === undefined) return tables.get(head);
    return namespaces.has(head) ? tableNameByExport.get(tail) : undefined;
  };
  const writes: TableWrite[] = [];
  for (const match of source.matchAll(/\.(insert|update|delete)\(\s*([\w$]+(?:\.[\w$]+)?)\s*\)/g)) {
    const table = resolve(match[2]);
    if (!table) continue; // a Map's delete, a URLSearchParams' delete, a hash's update…
    const kind = match[1] as TableWrite["kind"];
    const rest = source.slice(match.index + match[0].length);
    const statementEnd = rest.search(/;|\n\s*\n/);
    const statement = statementEnd < 0 ? rest : rest.slice(0, statementEnd);
    writes.push({ table, kind, columns: kind === "update" ? setColumns(statement) : null, line: lineAt(source, match.index) });
  }
  const rawWrite = /\b(insert\s+into|update|delete\s+from)\s+(?:"?([a-z_][a-z0-9_]*)"?|\$\{\s*([\w$]+(?:\.[\w$]+)?)\s*\})/gi;
  for (const template of sqlTemplates(source)) {
    for (const match of template.text.matchAll(rawWrite)) {
      const table = match[2] !== undefined ? (sqlTableNames.has(match[2]) ? match[2] : undefined) : resolve(match[3]);
      if (!table) continue;
      const verb = match[1].toLowerCase();
      const kind = verb.startsWith("insert") ? "insert" : verb.startsWith("update") ? "update" : "delete";
      writes.push({ table, kind, columns: null, line: lineAt(source, template.index + (match.index ?? 0)) });
    }
  }
  return writes;
}

function ownerOf(file: string): Owner | null {
  for (const [owner, paths] of Object.entries(owners) as Array<[Owner, string[]]>) {
    if (paths.some((p) => (p.endsWith("/") ? file.startsWith(p) : file === p))) return owner;
  }
  return null;
}

/** Why this file may not make this write, or null when it may. */
function writeProblem(file: string, write: TableWrite): string | null {
  const where = `${file}:${write.line}: ${write.kind} ${write.table}`;
  const tableOwner = tableOwners[write.table];
  if (!tableOwner) return `${where}: the table has no owner in this test's map`;
  const writer = ownerOf(file);
  if (seedInserts[file]?.includes(write.table) && write.kind === "insert") return null;
  const foreignColumns = columnOwners[write.table] ?? {};
  if (write.kind === "update" && write.columns) {
    const owned = write.columns.filter((column) => foreignColumns[column]);
    const others = write.columns.filter((column) => !foreignColumns[column]);
    // Only columns another owner holds, every one of them this writer's (a product's stock by the inventory).
    if (owned.length > 0 && others.length === 0 && owned.every((column) => foreignColumns[column] === writer)) return null;
    const stolen = owned.filter((column) => foreignColumns[column] !== writer);
    if (stolen.length > 0) return `${where}: sets ${stolen.join(", ")}, owned by ${stolen.map((c) => foreignColumns[c]).join(", ")}`;
  }
  if (writer === tableOwner) return null;
  return `${where}: ${write.table} is written by ${tableOwner} (${owners[tableOwner].join(", ") || "database triggers"}), not by ${writer ?? "this file"}`;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "migrations") files.push(...sourceFiles(relative));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      files.push(relative);
    }
  }
  return files;
}

describe("one writer per table", () => {
  it("maps every table of the schema to one owner, and every owner's files exist", () => {
    expect([...sqlTableNames].sort()).toEqual(Object.keys(tableOwners).sort());
    for (const paths of Object.values(owners)) for (const p of paths) expect(existsSync(path.join(root, p)), p).toBe(true);
    for (const file of [...Object.keys(seedInserts), ...testHelpers]) expect(existsSync(path.join(root, file)), file).toBe(true);
  });

  it("finds no write to a table outside its owner in app/, server/ and scripts/", () => {
    const files = ["app", "server", "scripts"]
      .flatMap(sourceFiles)
      .filter((file) => !file.startsWith("app/db/") && !testHelpers.some((p) => file.startsWith(p)));
    const problems: string[] = [];
    let writes = 0;
    for (const file of files) {
      for (const write of tableWrites(readFileSync(path.join(root, file), "utf8"))) {
        writes++;
        const problem = writeProblem(file, write);
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
    expect(writes).toBeGreaterThan(50); // the scanner sees the shop's writes at all
  });

  it("reports a write planted in another feature, in Drizzle or in raw SQL, aliases included", () => {
    const planted = `
      import { and, eq, sql } from "drizzle-orm";
      import { discountCodes, products as productTable, customers } from "~/db/schema";
      export async function sneaky(tx: Tx) {
        await tx.update(discountCodes).set({ usedCount: sql\`\${discountCodes.usedCount} + 1\` }).where(eq(discountCodes.id, 1));
        await tx.update(productTable).set({ stockQuantity: 3 }).where(eq(productTable.id, 1));
        await tx.execute(sql\`insert into discount_code_usages (discount_code_id) values (1)\`);
        await tx.execute(sql\`update \${customers} set first_name = 'x'\`);
        const seen = new Map<string, number>();
        seen.delete("x");
      }`;
    const writes = tableWrites(planted);
    expect(writes.map(({ table, kind }) => `${kind} ${table}`)).toEqual([
      "update discount_codes",
      "update products",
      "insert discount_code_usages",
      "update customers",
    ]);
    const problems = writes.map((write) => writeProblem("app/features/checkout/place-order.server.ts", write));
    expect(problems.every((problem) => problem !== null)).toBe(true);
    expect(problems[0]).toMatch(/discount_codes is written by discounts/);
    expect(problems[1]).toMatch(/sets stockQuantity, owned by inventory/);
  });

  it("lets the inventory set a product's stock columns, and only those", () => {
    const stock = tableWrites(`
      import { products } from "~/db/schema";
      await tx.update(products).set({ stockQuantity: sql\`x\`, soldCount: sql\`y\` }).where(eq(products.id, 1));
      await tx.update(products).set({ stockQuantity: 1, name: "x" }).where(eq(products.id, 1));`);
    expect(stock.map((write) => write.columns)).toEqual([["stockQuantity", "soldCount"], ["stockQuantity", "name"]]);
    expect(writeProblem("app/features/inventory/inventory.server.ts", stock[0])).toBeNull();
    expect(writeProblem("app/features/inventory/inventory.server.ts", stock[1])).toMatch(/products is written by catalog/);
    expect(writeProblem("app/features/catalog-admin/admin-products.server.ts", stock[1])).toMatch(/sets stockQuantity, owned by inventory/);
  });
});
