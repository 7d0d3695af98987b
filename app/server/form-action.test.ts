import { redirect } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { staleRowMessage } from "~/lib/row-version";
import { AppError, UNAVAILABLE_MESSAGE } from "./errors.server";
import { formAction, intent, intentFor, parseId, refuse, type FormActionArgs } from "./form-action.server";
import { MALFORMED_FORM_MESSAGE } from "./request-guards.server";
import { staleRowError } from "./row-version.server";

// What React Router hands an action: the services on a RouterContextProvider (a stand-in here).
type RouteContext = FormActionArgs["context"];

function contextWithLogger() {
  const error = vi.fn();
  return { context: { logger: { error } } as unknown as RouteContext, error };
}

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request("http://localhost/admin/things", { method: "POST", body, headers });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/** A `data()` answer: its payload and status. */
function answer(result: unknown): { body: Record<string, unknown>; status: number } {
  const r = result as { data: Record<string, unknown>; init: ResponseInit | null };
  return { body: r.data, status: r.init?.status ?? 200 };
}

const nameSchema = z.object({ name: z.string().trim().min(1, "Vui lòng nhập tên"), note: z.string().optional() });

function things(run: (input: z.output<typeof nameSchema>) => unknown) {
  return formAction({
    intents: {
      create: intent({ schema: nameSchema, run: ({ input }) => run(input) }),
      remove: intent({ run: ({ input }) => ({ removed: parseId(input.id, "thứ") }) }),
    },
  });
}

describe("formAction", () => {
  it("runs the intent with its parsed input and answers ok with the payload", async () => {
    const { context, error } = contextWithLogger();
    const action = things((input) => ({ id: 7, name: input.name }));
    const result = answer(await action({ request: post(form({ intent: "create", name: "  Đèn  " })), context, params: {} }));
    expect(result).toEqual({ status: 200, body: { ok: true, intent: "create", result: { id: 7, name: "Đèn" } } });
    expect(error).not.toHaveBeenCalled();
  });

  it("reads multipart and JSON bodies as well as urlencoded ones", async () => {
    const { context } = contextWithLogger();
    const action = things((input) => input.name);
    const multipart = new FormData();
    multipart.set("intent", "create");
    multipart.set("name", "Hộp");
    expect(answer(await action({ request: post(multipart), context, params: {} })).body).toMatchObject({ ok: true, result: "Hộp" });
    const json = post(JSON.stringify({ intent: "create", name: "Túi" }), { "content-type": "application/json" });
    expect(answer(await action({ request: json, context, params: {} })).body).toMatchObject({ ok: true, result: "Túi" });
    const broken = post("{", { "content-type": "application/json" });
    expect(answer(await action({ request: broken, context, params: {} }))).toMatchObject({
      status: 400,
      body: { ok: false, error: MALFORMED_FORM_MESSAGE },
    });
  });

  it("uses the default intent for a body without one, and refuses an unknown intent with 400", async () => {
    const { context } = contextWithLogger();
    const single = formAction({
      intents: { save: intent({ run: () => "saved" }) },
      defaultIntent: "save",
      unknownIntentMessage: "Yêu cầu không hợp lệ",
    });
    expect(answer(await single({ request: post(form({})), context, params: {} })).body).toEqual({ ok: true, intent: "save", result: "saved" });
    expect(answer(await single({ request: post(form({ intent: "drop" })), context, params: {} }))).toEqual({
      status: 400,
      body: { ok: false, intent: "drop", error: "Yêu cầu không hợp lệ" },
    });
    // Names inherited from Object.prototype are not intents.
    const multi = things(() => null);
    expect(answer(await multi({ request: post(form({ intent: "toString" })), context, params: {} }))).toEqual({
      status: 400,
      body: { ok: false, intent: "toString", error: "Thao tác không hợp lệ" },
    });
  });

  it("runs a one-purpose action (intentField: null) whatever intent the body names", async () => {
    const { context } = contextWithLogger();
    const signOut = formAction({ intents: { "sign-out": intent({ run: () => "out" }) }, defaultIntent: "sign-out", intentField: null });
    for (const body of [form({}), form({ intent: "delete", id: "1" })]) {
      expect(answer(await signOut({ request: post(body), context, params: {} }))).toEqual({
        status: 200,
        body: { ok: true, intent: "sign-out", result: "out" },
      });
    }
  });

  it("reads the intent from another field when told (a settings tab's group)", async () => {
    const { context } = contextWithLogger();
    const action = formAction({ intents: { store: intent({ run: () => 1 }) }, intentField: "group" });
    expect(answer(await action({ request: post(form({ group: "store" })), context, params: {} })).body).toMatchObject({
      ok: true,
      intent: "store",
    });
  });

  it("maps a ZodError to 400 with the field messages, the first one as the error", async () => {
    const { context, error } = contextWithLogger();
    const action = things(() => null);
    const result = answer(await action({ request: post(form({ intent: "create", name: " " })), context, params: {} }));
    expect(result).toEqual({
      status: 400,
      body: { ok: false, intent: "create", error: "Vui lòng nhập tên", fieldErrors: { name: "Vui lòng nhập tên" } },
    });
    expect(error).not.toHaveBeenCalled();
  });

  it("maps an AppError to its status, message and field messages (invalid, not found, stale row)", async () => {
    const { context, error } = contextWithLogger();
    const cases: Array<[AppError, number]> = [
      [new AppError("invalid", "Mã đã tồn tại", { code: "Mã đã tồn tại" }), 400],
      [new AppError("not_found", "Không tìm thấy sản phẩm"), 404],
      [staleRowError("Danh mục"), 409],
    ];
    for (const [thrown, status] of cases) {
      const action = things(() => {
        throw thrown;
      });
      const result = answer(await action({ request: post(form({ intent: "create", name: "x" })), context, params: {} }));
      expect(result).toEqual({
        status,
        body: { ok: false, intent: "create", error: thrown.message, ...(thrown.fieldErrors ? { fieldErrors: thrown.fieldErrors } : {}) },
      });
    }
    const stale = answer(
      await things(() => {
        throw staleRowError("Danh mục");
      })({ request: post(form({ intent: "create", name: "x" })), context, params: {} }),
    );
    expect(stale.body.fieldErrors).toEqual({ version: staleRowMessage("Danh mục") });
    // parseId's refusal is an AppError too.
    expect(answer(await things(() => null)({ request: post(form({ intent: "remove", id: "abc" })), context, params: {} }))).toEqual({
      status: 400,
      body: { ok: false, intent: "remove", error: "Mã thứ không hợp lệ" },
    });
    expect(error).not.toHaveBeenCalled();
  });

  it("answers an unexpected error with 500 and the generic message, logged once", async () => {
    const { context, error } = contextWithLogger();
    const bug = new Error("secret details");
    const action = things(() => {
      throw bug;
    });
    const result = answer(await action({ request: post(form({ intent: "create", name: "x" })), context, params: {} }));
    expect(result).toEqual({ status: 500, body: { ok: false, intent: "create", error: "Đã xảy ra lỗi, vui lòng thử lại." } });
    expect(JSON.stringify(result)).not.toContain("secret");
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0][0]).toMatchObject({ err: bug, intent: "create", path: "/admin/things" });
  });

  it("answers a database that cannot be reached with 503", async () => {
    const { context } = contextWithLogger();
    const down = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const action = things(() => {
      throw down;
    });
    expect(answer(await action({ request: post(form({ intent: "create", name: "x" })), context, params: {} }))).toEqual({
      status: 503,
      body: { ok: false, intent: "create", error: UNAVAILABLE_MESSAGE },
    });
  });

  it("passes a returned or thrown Response (a redirect) through untouched", async () => {
    const { context, error } = contextWithLogger();
    const returned = await things(() => redirect("/admin/done"))({ request: post(form({ intent: "create", name: "x" })), context, params: {} });
    expect(returned).toBeInstanceOf(Response);
    expect((returned as Response).headers.get("location")).toBe("/admin/done");
    const thrown = things(() => {
      throw redirect("/admin/elsewhere");
    })({ request: post(form({ intent: "create", name: "x" })), context, params: {} });
    await expect(thrown).rejects.toSatisfy((r: unknown) => r instanceof Response && r.headers.get("location") === "/admin/elsewhere");
    expect(error).not.toHaveBeenCalled();
  });

  it("answers a refusal with its status, fields and payload, under the intent it names", async () => {
    const { context } = contextWithLogger();
    const action = formAction({
      intents: {
        confirm: intent({
          run: () => refuse(403, "Vui lòng nhập lại mật khẩu", { fieldErrors: { password: "Vui lòng nhập lại mật khẩu" }, intent: "enable", result: { step: 1 } }),
        }),
      },
    });
    expect(answer(await action({ request: post(form({ intent: "confirm" })), context, params: {} }))).toEqual({
      status: 403,
      body: {
        ok: false,
        intent: "enable",
        error: "Vui lòng nhập lại mật khẩu",
        fieldErrors: { password: "Vui lòng nhập lại mật khẩu" },
        result: { step: 1 },
      },
    });
  });

  it("runs the guard before reading the body; its thrown Response refuses the request", async () => {
    const { context } = contextWithLogger();
    const run = vi.fn(() => "done");
    const denied = new Response(JSON.stringify({ error: "Vui lòng đăng nhập" }), { status: 401 });
    const action = formAction({
      intents: { save: intentFor<string>()({ run }) },
      guard: () => {
        throw denied;
      },
    });
    const request = post(form({ intent: "save" }));
    await expect(action({ request, context, params: {} })).rejects.toBe(denied);
    expect(request.bodyUsed).toBe(false);
    expect(run).not.toHaveBeenCalled();

    const allowed = formAction({ intents: { save: intentFor<string>()({ run: ({ guard }) => guard }) }, guard: () => "owner" });
    expect(answer(await allowed({ request: post(form({ intent: "save" })), context, params: {} })).body).toMatchObject({ result: "owner" });
  });

  it("refuses a body over the size limit before reading it", async () => {
    const { context } = contextWithLogger();
    const action = formAction({
      intents: { upload: intent({ run: () => null }) },
      maxBytes: { bytes: 10, message: "Ảnh quá lớn", field: "images" },
    });
    const request = post(form({ intent: "upload", data: "x".repeat(50) }), { "content-length": "60" });
    expect(answer(await action({ request, context, params: {} }))).toEqual({
      status: 400,
      body: { ok: false, intent: "", error: "Ảnh quá lớn", fieldErrors: { images: "Ảnh quá lớn" } },
    });
  });
});
