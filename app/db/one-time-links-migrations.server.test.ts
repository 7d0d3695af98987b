import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { invitationStateOf } from "~/features/auth/staff.server";
import { rowsOf } from "~/server/db.server";
import { createTestDatabase, type TestDatabase } from "~/test/database";
import { insertRow, migrationsBefore } from "~/test/migrations";

// Migrations 0025 and 0026 (issue 30, decision 0043): the invitations pending before the upgrade
// were readable by every console member in the outbox. After it none of their links works, the
// outbox keeps none of their tokens, and an invitation e-mail not sent yet is not sent. A GHN
// account pointed at another host than GHN's is put back on GHN's API, turned off.

let database: TestDatabase;
let before0025: string;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  before0025 = migrationsBefore(25);
});

afterAll(async () => {
  await database?.close();
  rmSync(before0025, { recursive: true, force: true });
});

const hash = (token: string) => sql`encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`;
const tokenOf = (c: string) => c.repeat(43);
const body = (token: string) => `Mở liên kết sau:\nhttp://localhost:3000/admin/invitation/${token}\n`;

it("revokes pending invitations, voids the tokens of their e-mails (used and revoked ones left alone), and takes GHN off a foreign host", async () => {
  await database.migrate(before0025);
  const db = database.db;
  const member = await insertRow(db, "user", { id: "u-1", name: "Lan", email: "lan@shop.vn", email_verified: true });
  for (const [c, email, extra] of [
    ["P", "cho@shop.vn", {}],
    ["Q", "het-han@shop.vn", { expires: "now() - interval '1 day'" }],
    ["A", "lan@shop.vn", { accepted: true }],
    ["R", "thu-hoi@shop.vn", { revoked: true }],
  ] as const) {
    await db.execute(sql`
      insert into staff_invitations (email, role, token_hash, expires_at, accepted_at, accepted_user_id, revoked_at)
      values (${email}, 'owner', ${hash(tokenOf(c))},
              ${"expires" in extra ? sql`now() - interval '1 day'` : sql`now() + interval '7 days'`},
              ${"accepted" in extra ? sql`now()` : null}, ${"accepted" in extra ? member.id : null},
              ${"revoked" in extra ? sql`now() - interval '1 hour'` : null})`);
  }
  await insertRow(db, "email_outbox", {
    to_email: "cho@shop.vn",
    subject: "Lời mời",
    body_text: body(tokenOf("P")),
    body_html: `<a href="${body(tokenOf("P"))}">x</a>`,
    template: "staff_invitation",
    status: "pending",
  });
  await insertRow(db, "email_outbox", {
    to_email: "lan@shop.vn",
    subject: "Lời mời",
    body_text: body(tokenOf("A")),
    template: "staff_invitation",
    status: "sent",
  });
  await insertRow(db, "email_outbox", {
    to_email: "khach@example.vn",
    subject: "Đơn hàng",
    body_text: "Theo dõi: http://localhost:3000/order-lookup?number=DH000001",
    template: "order_confirmation",
    status: "pending",
  });
  await db.execute(sql`
    insert into carrier_accounts (carrier, enabled, token, shop_id, base_url, webhook_secret)
    values ('ghn', true, 'tok-ghn', '885', 'https://online-gateway.ghn.vn.collector.example/shiip/public-api', ${"w".repeat(43)})`);
  const revokedBefore = rowsOf<{ revoked_at: Date }>(
    await db.execute(sql`select revoked_at from staff_invitations where email = 'thu-hoi@shop.vn'`),
  )[0].revoked_at;

  await database.migrate();

  expect(await invitationStateOf(db, tokenOf("P"))).toEqual({ kind: "revoked" });
  expect(await invitationStateOf(db, tokenOf("Q"))).toEqual({ kind: "revoked" });
  expect(await invitationStateOf(db, tokenOf("A"))).toEqual({ kind: "used" });
  expect(await invitationStateOf(db, tokenOf("R"))).toEqual({ kind: "revoked" });
  const [revoked] = rowsOf<{ revoked_at: Date }>(
    await db.execute(sql`select revoked_at from staff_invitations where email = 'thu-hoi@shop.vn'`),
  );
  expect(new Date(revoked.revoked_at).getTime()).toBe(new Date(revokedBefore).getTime());

  const outbox = rowsOf<{ to_email: string; status: string; body_text: string; body_html: string | null; last_error: string | null }>(
    await db.execute(sql`select to_email, status, body_text, body_html, last_error from email_outbox order by id`),
  );
  const text = JSON.stringify(outbox);
  for (const c of ["P", "A"]) expect(text).not.toContain(tokenOf(c));
  expect(outbox[0]).toMatchObject({
    status: "failed",
    body_text: body("••••••"),
    last_error: "Lời mời đã bị thu hồi khi nâng cấp: gửi lại lời mời ở trang Nhân viên",
  });
  expect(outbox[0].body_html).toContain("/admin/invitation/••••••");
  expect(outbox[1]).toMatchObject({ status: "sent", body_text: body("••••••"), last_error: null });
  const [ghn] = rowsOf<{ base_url: string; enabled: boolean; token: string; version: number }>(
    await db.execute(sql`select base_url, enabled, token, version from carrier_accounts`),
  );
  expect(ghn).toMatchObject({ base_url: "https://online-gateway.ghn.vn/shiip/public-api", enabled: false, token: "tok-ghn", version: 2 });
  // Other e-mails are untouched.
  expect(outbox[2]).toMatchObject({ status: "pending", body_text: "Theo dõi: http://localhost:3000/order-lookup?number=DH000001" });
});
