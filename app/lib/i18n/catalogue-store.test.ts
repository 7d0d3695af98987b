import { afterEach, describe, expect, it, vi } from "vitest";

/** A fresh store (module state) per test, with fetch answered by `answer`, counting requests. */
async function storeWith(answer: (url: string) => Response) {
  vi.resetModules();
  const requests: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    requests.push(url);
    return answer(url);
  });
  return { store: await import("./catalogue-store"), requests };
}

afterEach(() => vi.unstubAllGlobals());

describe("the texts catalogue store", () => {
  it("fetches a language once, shares concurrent requests and keeps the texts", async () => {
    const { store, requests } = await storeWith(() => Response.json({ cart: { title: "Giỏ hàng" } }));
    expect(store.catalogueOf("vi")).toBeNull();
    const [first, second] = await Promise.all([
      store.loadCatalogue("vi", "/i18n/vi.abc.json"),
      store.loadCatalogue("vi", "/i18n/vi.abc.json"),
    ]);
    expect(first).toEqual({ cart: { title: "Giỏ hàng" } });
    expect(second).toBe(first);
    expect(store.catalogueOf("vi")).toBe(first);
    await store.loadCatalogue("vi", "/i18n/vi.abc.json");
    expect(requests).toEqual(["/i18n/vi.abc.json"]);
    expect(store.catalogueOf("en")).toBeNull();
  });

  it("refuses an answer that is not the file, keeps nothing, and tries again next time", async () => {
    let status = 404;
    const { store, requests } = await storeWith(() =>
      status === 200 ? Response.json({ ok: "yes" }) : new Response("Not found", { status }),
    );
    await expect(store.loadCatalogue("en", "/i18n/en.old.json")).rejects.toThrow(/HTTP 404/);
    expect(store.catalogueOf("en")).toBeNull();
    status = 200;
    await expect(store.loadCatalogue("en", "/i18n/en.old.json")).resolves.toEqual({ ok: "yes" });
    expect(requests).toHaveLength(2);
  });
});
