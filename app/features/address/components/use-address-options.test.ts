import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchAddressOptions } from "./use-address-options";

// The browser-side cache in front of the /api/address routes (fetch is the browser's; each test
// uses its own URLs because the cache lives as long as the module).

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(...responses: Array<() => Response | Promise<Response>>) {
  const fetchMock = vi.fn(async () => {
    const next = responses.shift();
    if (!next) throw new Error("unexpected fetch");
    return next();
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const list = [{ code: "79", name: "Thành phố Hồ Chí Minh" }];

describe("fetchAddressOptions", () => {
  it("fetches a list once per URL, sharing a request in flight", async () => {
    const fetchMock = stubFetch(() => Response.json(list));
    const [a, b] = await Promise.all([fetchAddressOptions("/t1"), fetchAddressOptions("/t1")]);
    expect(a).toEqual(list);
    expect(b).toBe(a);
    expect(await fetchAddressOptions("/t1")).toBe(a);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("forgets a failure, so a retry asks again", async () => {
    const fetchMock = stubFetch(
      () => Response.json({ error: "Unknown province" }, { status: 404 }),
      () => Response.json(list),
    );
    await expect(fetchAddressOptions("/t2")).rejects.toThrow(/404/);
    expect(await fetchAddressOptions("/t2")).toEqual(list);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("rejects an answer that is not a list of { code, name }", async () => {
    stubFetch(
      () => Response.json({ code: "79" }),
      () => Response.json([{ code: 79, name: "x" }]),
      () => Promise.reject(new TypeError("network down")),
    );
    await expect(fetchAddressOptions("/t3")).rejects.toThrow(/not answer a list/);
    await expect(fetchAddressOptions("/t3")).rejects.toThrow(/not answer a list/);
    await expect(fetchAddressOptions("/t3")).rejects.toThrow(/network down/);
  });
});
