import { expect, test, type APIResponse } from "@playwright/test";

// The address lists the checkout's AddressFields component fetches. The component itself is
// exercised by the checkout specs (it lives on /checkout/information).

const CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

async function expectList(response: APIResponse) {
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(response.headers()["cache-control"]).toBe(CACHE_CONTROL);
  expect(response.headers()["etag"]).toMatch(/^(W\/)?"[^"]+"$/);
  const list = (await response.json()) as Array<{ code: string; name: string }>;
  expect(Array.isArray(list)).toBe(true);
  for (const item of list) expect(Object.keys(item).sort()).toEqual(["code", "name"]);
  return list;
}

async function expectNotFound(response: APIResponse) {
  expect(response.status()).toBe(404);
  expect(response.headers()["content-type"]).toContain("application/json");
  const body = await response.json();
  expect(typeof body.error).toBe("string");
  expect(body.error.length).toBeGreaterThan(0);
}

test("current structure: 34 provinces, HCM first, then the wards of HCM", async ({ request }) => {
  const provinces = await expectList(await request.get("/api/address/current/provinces"));
  expect(provinces).toHaveLength(34);
  expect(provinces[0]).toEqual({ code: "79", name: "Thành phố Hồ Chí Minh" });

  const wards = await expectList(await request.get("/api/address/current/provinces/79/wards"));
  expect(wards.length).toBeGreaterThan(100);
  expect(wards).toContainEqual({ code: "26740", name: "Phường Sài Gòn" });
});

test("legacy structure: 63 provinces → districts → wards", async ({ request }) => {
  const provinces = await expectList(await request.get("/api/address/legacy/provinces"));
  expect(provinces).toHaveLength(63);

  const districts = await expectList(await request.get("/api/address/legacy/provinces/79/districts"));
  expect(districts).toContainEqual({ code: "760", name: "Quận 1" });

  const wards = await expectList(await request.get("/api/address/legacy/districts/760/wards"));
  expect(wards).toContainEqual({ code: "26740", name: "Phường Bến Nghé" });
});

test("a revalidation with the ETag answers 304 without a body", async ({ request }) => {
  const first = await request.get("/api/address/current/provinces/01/wards");
  const etag = first.headers()["etag"];
  const again = await request.get("/api/address/current/provinces/01/wards", { headers: { "If-None-Match": etag } });
  expect(again.status()).toBe(304);
  expect(again.headers()["etag"]).toBe(etag);
  expect(again.headers()["cache-control"]).toBe(CACHE_CONTROL);
  expect(await again.body()).toHaveLength(0);

  const stale = await request.get("/api/address/current/provinces/01/wards", {
    headers: { "If-None-Match": '"something-else"' },
  });
  expect(stale.status()).toBe(200);
});

test("unknown structures and codes answer 404 JSON, never 500", async ({ request }) => {
  await expectNotFound(await request.get("/api/address/ancient/provinces"));
  await expectNotFound(await request.get("/api/address/current/provinces/00/wards"));
  await expectNotFound(await request.get("/api/address/current/provinces/x%27%3B--/wards"));
  await expectNotFound(await request.get("/api/address/legacy/provinces/79/wards"));
  await expectNotFound(await request.get("/api/address/legacy/provinces/00/districts"));
  await expectNotFound(await request.get("/api/address/legacy/districts/000/wards"));
  await expectNotFound(await request.get("/api/address/legacy/districts/__proto__/wards"));
  // Paths that are not lists at all: current provinces have no districts, and so on.
  await expectNotFound(await request.get("/api/address/current/provinces/79/districts"));
  await expectNotFound(await request.get("/api/address/legacy/districts/760"));
  await expectNotFound(await request.get("/api/address"));
});

test("an island district without wards answers an empty list", async ({ request }) => {
  const wards = await expectList(await request.get("/api/address/legacy/districts/755/wards"));
  expect(wards).toEqual([]);
});
