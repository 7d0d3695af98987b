import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { formAction, intent, refuse, type FormActionArgs } from "./form-action.server";

// What React Router hands an action: the services on a RouterContextProvider (a stand-in here).
type RouteContext = FormActionArgs["context"];

// The options the storefront's actions need: headers on every answer, and JSON posted as is.
const context = { logger: { error: vi.fn() } } as unknown as RouteContext;

function post(body: string, contentType: string) {
  return new Request("http://localhost/checkout", { method: "POST", body, headers: { "content-type": contentType } });
}

function answer(result: unknown): { body: unknown; status: number; headers: Headers } {
  const r = result as { data: unknown; init: ResponseInit | null };
  return { body: r.data, status: r.init?.status ?? 200, headers: new Headers(r.init?.headers) };
}

describe("formAction options", () => {
  it("sends the action's headers and the intent's with every answer", async () => {
    const action = formAction({
      headers: { "Cache-Control": "no-store" },
      defaultIntent: "look",
      intents: {
        look: intent({
          schema: z.object({ n: z.string().min(2, "ngắn") }),
          run: ({ input, headers }) => {
            headers.set("Retry-After", "60");
            return input.n === "xx" ? refuse(429, "nhiều quá") : input.n;
          },
        }),
      },
    });
    const form = "application/x-www-form-urlencoded";
    const ok = answer(await action({ request: post("n=abc", form), context, params: {} }));
    expect(ok).toMatchObject({ status: 200, body: { ok: true, intent: "look", result: "abc" } });
    expect([ok.headers.get("cache-control"), ok.headers.get("retry-after")]).toEqual(["no-store", "60"]);
    const refused = answer(await action({ request: post("n=xx", form), context, params: {} }));
    expect(refused).toMatchObject({ status: 429, body: { ok: false, error: "nhiều quá" } });
    expect(refused.headers.get("retry-after")).toBe("60");
    const invalid = answer(await action({ request: post("n=a", form), context, params: {} }));
    expect(invalid).toMatchObject({ status: 400, body: { ok: false, fieldErrors: { n: "ngắn" } } });
    expect(invalid.headers.get("cache-control")).toBe("no-store");
  });

  it("hands a JSON body to the intent as posted with jsonAsIs, null when it does not parse", async () => {
    const seen: unknown[] = [];
    const action = formAction({
      jsonAsIs: true,
      defaultIntent: "place",
      intents: { place: intent({ run: ({ input }) => void seen.push(input) }) },
    });
    const order = { information: { email: "a@b.vn" }, lines: [{ productId: 1, quantity: 2 }, { productId: 3, quantity: 1 }] };
    for (const body of [JSON.stringify(order), "{"]) {
      const result = answer(await action({ request: post(body, "application/json"), context, params: {} }));
      expect(result).toMatchObject({ status: 200, body: { ok: true, intent: "place" } });
    }
    expect(seen).toEqual([order, null]);
  });

  it("answers an unexpected failure with the action's own message when it has one, logged once", async () => {
    const error = vi.fn();
    const action = formAction({
      unexpectedMessage: "Sorry, something went wrong.",
      defaultIntent: "join",
      intents: {
        join: intent({
          run: () => {
            throw new Error("boom");
          },
        }),
      },
    });
    const request = post("email=a%40b.vn", "application/x-www-form-urlencoded");
    const result = answer(await action({ request, context: { logger: { error } } as unknown as RouteContext, params: {} }));
    expect(result).toMatchObject({ status: 500, body: { ok: false, error: "Sorry, something went wrong." } });
    expect(error).toHaveBeenCalledTimes(1);
  });
});
