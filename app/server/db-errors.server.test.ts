import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseUnavailable, textNotStorable, uniqueViolation } from "./db-errors.server";
import { openDatabase, rowsOf } from "./db.server";
import { createTestDatabase } from "~/test/database";
import { publicMessage, TEXT_NOT_STORABLE_MESSAGE, toHttpStatus, UNAVAILABLE_MESSAGE } from "./errors.server";

/** The error a real query gives, as Drizzle throws it. */
async function queryError(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => {
      throw new Error("the query was expected to fail");
    },
    (error: unknown) => error,
  );
}

describe("databaseUnavailable", () => {
  it("is true for a PostgreSQL server that cannot be reached, and maps to 503 with the outage message", async () => {
    const database = await openDatabase({ databaseUrl: "postgres://postgres@127.0.0.1:1/nothing" });
    try {
      const error = await queryError(() => database.db.execute(sql`select 1`));
      expect(databaseUnavailable(error)).toBe(true);
      expect(toHttpStatus(error)).toBe(503);
      expect(publicMessage(error)).toBe(UNAVAILABLE_MESSAGE);
    } finally {
      await database.close();
    }
  });

  it("is false for an error of the query itself (a 500, a bug), and for a unique violation", async () => {
    const database = await createTestDatabase();
    try {
      const syntax = await queryError(() => database.db.execute(sql`select from where`));
      expect(databaseUnavailable(syntax)).toBe(false);
      expect(toHttpStatus(syntax)).toBe(500);
      await database.db.execute(sql`create table unavailable_check (id int primary key)`);
      await database.db.execute(sql`insert into unavailable_check values (1)`);
      const duplicate = await queryError(() => database.db.execute(sql`insert into unavailable_check values (1)`));
      expect(uniqueViolation(duplicate)).not.toBeNull();
      expect(databaseUnavailable(duplicate)).toBe(false);
    } finally {
      await database.close();
    }
  });

  it("recognises the SQLSTATEs of a server shutting down or starting up", () => {
    for (const code of ["57P01", "57P03", "08006", "53300"]) {
      expect(databaseUnavailable(new Error("Failed query", { cause: Object.assign(new Error("server"), { code }) }))).toBe(true);
    }
    expect(databaseUnavailable(Object.assign(new Error("deadlock"), { code: "40P01" }))).toBe(false);
  });
});

describe("textNotStorable", () => {
  it("is true when text holds a NUL character PostgreSQL cannot store, and maps to 400 with a clear message", async () => {
    const database = await createTestDatabase();
    try {
      await database.db.execute(sql`create table nul_check (id int primary key, note text, extra jsonb)`);
      const inText = await queryError(() => database.db.execute(sql`insert into nul_check values (1, ${"a\u0000b"}, null)`));
      const inJson = await queryError(() =>
        database.db.execute(sql`insert into nul_check values (2, 'ok', ${JSON.stringify({ note: "a\u0000b" })}::jsonb)`),
      );
      for (const error of [inText, inJson]) {
        expect(textNotStorable(error)).toBe(true);
        expect(toHttpStatus(error)).toBe(400);
        expect(publicMessage(error)).toBe(TEXT_NOT_STORABLE_MESSAGE);
      }
      const [written] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from nul_check`));
      expect(written).toEqual({ n: 0 });
      const syntax = await queryError(() => database.db.execute(sql`select from where`));
      expect(textNotStorable(syntax)).toBe(false);
    } finally {
      await database.close();
    }
  });
});
