import { describe, expect, it } from "vitest";
import { emailOutbox, newsletterSubscribers } from "~/db/schema";
import { CSV_BOM } from "~/lib/csv";
import { csvStreamResponse, readText } from "~/server/csv.server";
import { setUpTestDatabase } from "~/test/database";
import {
  listNewsletterSubscribers,
  NEWSLETTER_ALREADY_REMOVED,
  newsletterCsvBatches,
  newsletterCsvHeader,
  removeNewsletterSubscriber,
} from "./newsletter-admin.server";
import { countNewsletterSubscribers } from "./newsletter.server";

const { db } = await setUpTestDatabase({ resetTables: [newsletterSubscribers, emailOutbox] });

/** Sign-ups a minute apart, the last one newest. */
async function signUps(list: Array<{ email: string; status: "pending" | "confirmed"; source?: string }>) {
  const start = Date.parse("2026-11-20T03:00:00Z");
  return db
    .insert(newsletterSubscribers)
    .values(
      list.map((s, i) => ({
        email: s.email,
        status: s.status,
        source: s.source ?? "footer",
        createdAt: new Date(start + i * 60_000),
        confirmedAt: s.status === "confirmed" ? new Date(start + i * 60_000 + 30_000) : null,
      })),
    )
    .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
}

describe("newsletter list in the console", () => {
  it("lists newest first, searches the address in any case, filters by status, and counts", async () => {
    await signUps([
      { email: "lan@example.vn", status: "confirmed" },
      { email: "Hoa.Nguyen@Example.vn", status: "pending", source: "shop" },
      { email: "minh@uvc.vn", status: "confirmed" },
    ]);
    const all = await listNewsletterSubscribers(db);
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.email)).toEqual(["minh@uvc.vn", "Hoa.Nguyen@Example.vn", "lan@example.vn"]);
    expect(all.rows[1]).toMatchObject({ status: "pending", source: "shop", confirmedAt: null });

    expect((await listNewsletterSubscribers(db, { q: "hoa.NGUYEN" })).rows.map((r) => r.email)).toEqual([
      "Hoa.Nguyen@Example.vn",
    ]);
    expect((await listNewsletterSubscribers(db, { q: "example" })).total).toBe(2);
    // LIKE's own characters are searched as typed.
    expect((await listNewsletterSubscribers(db, { q: "%" })).total).toBe(0);
    expect((await listNewsletterSubscribers(db, { status: "confirmed" })).rows.map((r) => r.email)).toEqual([
      "minh@uvc.vn",
      "lan@example.vn",
    ]);
    expect((await listNewsletterSubscribers(db, { q: "example", status: "pending" })).total).toBe(1);
    expect(await countNewsletterSubscribers(db)).toEqual({ confirmed: 2, pending: 1 });
  });

  it("pages 25 at a time, a page past the end showing the last one", async () => {
    await signUps(
      Array.from({ length: 27 }, (_, i) => ({ email: `reader${i}@example.vn`, status: "confirmed" as const })),
    );
    const second = await listNewsletterSubscribers(db, { page: 9 });
    expect(second).toMatchObject({ page: 2, pageCount: 2, total: 27 });
    expect(second.rows.map((r) => r.email)).toEqual(["reader1@example.vn", "reader0@example.vn"]);
  });

  it("unsubscribes an address named by id and address; a second removal is refused and nothing else changes", async () => {
    const [lan, hoa] = await signUps([
      { email: "lan@example.vn", status: "confirmed" },
      { email: "hoa@example.vn", status: "pending" },
    ]);
    expect(await removeNewsletterSubscriber(db, { id: lan.id, email: "LAN@example.vn" })).toEqual({
      email: "lan@example.vn",
    });
    await expect(removeNewsletterSubscriber(db, { id: lan.id, email: "lan@example.vn" })).rejects.toMatchObject({
      kind: "conflict",
      message: NEWSLETTER_ALREADY_REMOVED,
    });
    // A page showing another address under this id (stale or forged) removes nothing.
    await expect(removeNewsletterSubscriber(db, { id: hoa.id, email: "lan@example.vn" })).rejects.toMatchObject({
      kind: "conflict",
    });
    expect((await listNewsletterSubscribers(db)).rows.map((r) => r.email)).toEqual(["hoa@example.vn"]);
    expect(await countNewsletterSubscribers(db)).toEqual({ confirmed: 0, pending: 1 });
  });

  it("exports the filtered list as Excel-safe CSV in batches, every row once", async () => {
    await signUps([
      { email: '=HYPERLINK("x")@evil.vn', status: "confirmed" },
      { email: "lan@example.vn", status: "pending" },
      { email: "minh@example.vn", status: "confirmed" },
      { email: "an@example.vn", status: "confirmed" },
    ]);
    const text = await readText(
      csvStreamResponse("newsletter.csv", newsletterCsvHeader, newsletterCsvBatches(db, { status: "confirmed" }, 2)),
    );
    expect(text.startsWith(CSV_BOM)).toBe(true);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Email,Trạng thái,Nguồn,Ngày đăng ký,Ngày xác nhận");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual([
      "an@example.vn",
      "minh@example.vn",
      `"'=HYPERLINK(""x"")@evil.vn"`,
    ]);
    expect(lines[1]).toBe("an@example.vn,Đã xác nhận,footer,10:03 20/11/2026,10:03 20/11/2026");

    const searched = await readText(
      csvStreamResponse("n.csv", newsletterCsvHeader, newsletterCsvBatches(db, { q: "lan" })),
    );
    expect(searched.slice(1).trimEnd().split("\r\n").slice(1)).toEqual([
      "lan@example.vn,Chờ xác nhận,footer,10:01 20/11/2026,",
    ]);
  });
});
