import type { FormActionArgs } from "~/server/form-action.server";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAuth } from "~/server/auth.server";
import { parseEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { createTestDatabase, type TestDatabase } from "~/test/database";
import { adminAction, adminIntent } from "./admin-action.server";
import { createAdminUser } from "./owner-accounts.server";

// What React Router hands an action: the services on a RouterContextProvider (a stand-in here).
type RouteContext = FormActionArgs["context"];

const BASE = "http://localhost:3000";
let database: TestDatabase;
let context: RouteContext;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = parseEnv({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "admin-action-")), AUTH_SECRET: "z".repeat(32), PUBLIC_URL: BASE });
  const logger = createLogger("silent");
  const auth = createAuth(database.db, env, { logger });
  context = { env, logger, database, auth } as unknown as RouteContext;
  await createAdminUser(database.db, auth, { email: "guard@shop.vn", password: "Chong-khuan-2026" });
});

afterAll(async () => {
  await database?.close();
});

function post(init: { origin?: string; cookie?: string } = {}) {
  const headers = new Headers({ origin: init.origin ?? BASE, "x-forwarded-for": "192.0.2.77" });
  if (init.cookie) headers.set("cookie", init.cookie);
  return new Request(`${BASE}/admin/things`, { method: "POST", headers, body: new URLSearchParams({ intent: "save" }) });
}

async function refusal(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("the action was not refused");
}

describe("adminAction", () => {
  it("refuses before running anything: 401 without a session, 403 from another site, as requireAdmin does", async () => {
    const run = vi.fn(() => "saved");
    const action = adminAction({ intents: { save: adminIntent({ run }) } });

    const anonymous = await refusal(action({ request: post(), context, params: {} }));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "Vui lòng đăng nhập" });

    const crossSite = await refusal(action({ request: post({ origin: "https://evil.example" }), context, params: {} }));
    expect(crossSite.status).toBe(403);
    expect(run).not.toHaveBeenCalled();
  });

  it("hands the intent the admin's session and the database handle itself (no transaction)", async () => {
    const signIn = await context.auth.api.signInEmail({
      body: { email: "guard@shop.vn", password: "Chong-khuan-2026" },
      headers: new Headers({ origin: BASE, "x-forwarded-for": "192.0.2.78" }),
      asResponse: true,
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    let handle: unknown;
    const action = adminAction({
      intents: {
        save: adminIntent({
          run: ({ guard: admin, context: given }) => {
            handle = given.database.db;
            return admin.user.email;
          },
        }),
      },
    });
    const result = (await action({ request: post({ cookie }), context, params: {} })) as { data: unknown };
    expect(result.data).toEqual({ ok: true, intent: "save", result: "guard@shop.vn" });
    // Decision 0042: the intent opens the transactions it needs; a call out of it holds none.
    expect(handle).toBe(database.db);
  });
});
