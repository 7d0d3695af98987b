import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREPARED_STATEMENTS_KEPT, preparePgliteStatements } from "./pglite-statements.server";

// The embedded database's driver: PGlite only (named *.test.ts, not *.server.test.ts: not run again on PostgreSQL).
let prepared: PGlite;
let plain: PGlite;

beforeAll(async () => {
  [prepared, plain] = await Promise.all([PGlite.create(), PGlite.create()]);
  preparePgliteStatements(prepared);
  for (const client of [prepared, plain]) {
    await client.exec(`
      create table item (id int primary key, name text not null, price int, tags jsonb, seen timestamptz, active boolean);
      insert into item values (1, 'Máy tiệt trùng', 590000, '{"colors":["white"]}', '2026-11-27T08:00:00Z', true),
                              (2, 'Hộp đựng', null, null, null, false);`);
  }
  // Starting PGlite takes seconds on a busy machine: the database projects' hook timeout.
}, 60_000);

afterAll(async () => {
  await Promise.all([prepared.close(), plain.close()]);
});

/** Our named statements, as the session itself lists them. */
async function statementTexts(): Promise<string[]> {
  const result = await plainQueryOn(prepared, "select statement from pg_prepared_statements where name like 'pglite_%'");
  return result.rows.map((row) => (row as { statement: string }).statement);
}

// pg_prepared_statements through the simple protocol: not itself a prepared statement.
async function plainQueryOn(client: PGlite, text: string) {
  const [result] = await client.exec(text);
  return result;
}

// The database projects' test timeout: hundreds of statements in the last test.
describe("preparePgliteStatements", { timeout: 30_000 }, () => {
  it("answers as PGlite's own query does: rows, fields, parsed types, nulls, both row modes, affected rows", async () => {
    const text = "select id, name, price, tags, seen, active from item where id = any($1::int[]) and name <> $2 order by id";
    const params = [[1, 2], "nothing"];
    for (const options of [undefined, { rowMode: "array" as const }]) {
      const ours = await prepared.query(text, params, options);
      const theirs = await plain.query(text, params, options);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    const [first] = (await prepared.query<{ tags: unknown; seen: Date; active: boolean }>(text, params)).rows;
    expect(first).toMatchObject({ tags: { colors: ["white"] }, active: true });
    expect(first.seen).toEqual(new Date("2026-11-27T08:00:00Z"));

    const update = "update item set price = price + $1 where id = $2";
    expect((await prepared.query(update, [10, 1])).affectedRows).toBe(1);
    expect((await prepared.query(update, [10, 99])).affectedRows).toBe(0);
    expect((await prepared.query<{ price: number }>("select price from item where id = $1", [1])).rows[0].price).toBe(590010);
  });

  it("parses a text once: the same text again reuses its statement, a new text adds one", async () => {
    const text = "select name from item where id = $1";
    const before = (await statementTexts()).filter((statement) => statement === text).length;
    for (const id of [1, 2, 1]) await prepared.query(text, [id]);
    expect((await statementTexts()).filter((statement) => statement === text)).toHaveLength(before === 0 ? 1 : before);
    expect(await statementTexts()).toContain(text);
  });

  it("throws PGlite's error with the statement on it, and the session goes on answering", async () => {
    const duplicate = await prepared.query("insert into item (id, name) values ($1, $2)", [1, "again"]).catch((error) => error);
    expect(duplicate).toMatchObject({ code: "23505", query: "insert into item (id, name) values ($1, $2)", params: [1, "again"] });

    const syntax = await prepared.query("select from where $1", [1]).catch((error) => error);
    expect(syntax).toMatchObject({ code: "42601" });
    expect(await statementTexts()).not.toContain("select from where $1");

    expect((await prepared.query<{ n: number }>("select $1::int as n", [7])).rows).toEqual([{ n: 7 }]);
  });

  it("runs inside transactions: a rollback undoes the writes, a statement prepared there still works after", async () => {
    const insert = "insert into item (id, name) values ($1, $2)";
    await expect(
      prepared.transaction(async (tx) => {
        await tx.query(insert, [10, "inside"]);
        expect((await tx.query("select count(*)::int as n from item where id = $1", [10])).rows).toEqual([{ n: 1 }]);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect((await prepared.query("select count(*)::int as n from item where id = $1", [10])).rows).toEqual([{ n: 0 }]);

    await prepared.transaction(async (tx) => {
      await tx.query(insert, [11, "kept"]);
    });
    expect((await prepared.query<{ name: string }>("select name from item where id = $1", [11])).rows).toEqual([{ name: "kept" }]);

    // A failed statement aborts the transaction, as on PostgreSQL; the session is fine after it.
    await expect(
      prepared.transaction(async (tx) => {
        await tx.query(insert, [11, "duplicate"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await prepared.query("select count(*)::int as n from item where id = $1", [11])).rows).toEqual([{ n: 1 }]);
  });

  it("keeps a query that arrives during a transaction waiting until it ends, as PGlite does", async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = prepared.transaction(async (tx) => {
      await tx.query("update item set name = $1 where id = $2", ["in transaction", 2]);
      await held;
      order.push("transaction");
    });
    const outside = prepared.query<{ name: string }>("select name from item where id = $1", [2]).then((result) => {
      order.push("outside");
      return result.rows[0].name;
    });
    release();
    await transaction;
    expect(await outside).toBe("in transaction");
    expect(order).toEqual(["transaction", "outside"]);
  });

  it("delivers the notifications a statement raises to PGlite's listeners (storefront changes travel so)", async () => {
    const payloads: string[] = [];
    const unlisten = await prepared.listen("prepared_check", (payload) => payloads.push(payload));
    await prepared.query("select pg_notify($1, $2)", ["prepared_check", "first"]);
    await prepared.query("select pg_notify($1, $2)", ["prepared_check", "second"]);
    await new Promise((resolve) => setImmediate(resolve));
    await unlisten();
    expect(payloads).toEqual(["first", "second"]);
  });

  it("refuses a closed transaction's handle", async () => {
    let handle: Parameters<Parameters<PGlite["transaction"]>[0]>[0] | undefined;
    await prepared.transaction(async (tx) => {
      handle = tx;
    });
    await expect(handle!.query("select 1")).rejects.toThrow("Transaction is closed");
  });

  it("prepares again a statement whose table changed under it", async () => {
    await prepared.exec("create table changing (id int primary key, a text)");
    await prepared.query("insert into changing values ($1, $2)", [1, "x"]);
    const text = "select * from changing where id = $1";
    expect((await prepared.query(text, [1])).rows).toEqual([{ id: 1, a: "x" }]);
    await prepared.exec("alter table changing add column b text default 'y'");
    // PostgreSQL refuses the old plan's row shape once; the next call prepares the text again.
    const first = await prepared.query(text, [1]).catch((error: unknown) => error);
    const rows = first instanceof Error ? (await prepared.query(text, [1])).rows : (first as { rows: unknown[] }).rows;
    expect(rows).toEqual([{ id: 1, a: "x", b: "y" }]);
  });

  it(`closes the least recently used statement beyond ${PREPARED_STATEMENTS_KEPT}`, async () => {
    const kept = "select name from item where id = $1 and 'kept' = 'kept'";
    await prepared.query(kept, [1]);
    for (let i = 0; i < PREPARED_STATEMENTS_KEPT + 20; i++) {
      await prepared.query(`select $1::int + ${i} as n`, [1]);
      if (i % 100 === 0) await prepared.query(kept, [1]); // used recently: not the one closed
    }
    const texts = await statementTexts();
    expect(texts.length).toBeLessThanOrEqual(PREPARED_STATEMENTS_KEPT);
    expect(texts).toContain(kept);
    expect(texts).not.toContain("select $1::int + 0 as n");
    expect((await prepared.query<{ n: number }>("select $1::int + 0 as n", [1])).rows).toEqual([{ n: 1 }]);
  });
});
