import { expect, test } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

/** Every URL path the route config declares, joined through layouts and prefixes. */
function routePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
    const own = entry.index || (entry.path && !entry.children?.length) ? [here] : entry.path ? [here] : [];
    return [...own, ...routePaths(entry.children ?? [], here)];
  });
}

const adminPaths = [...new Set(routePaths(await routes))]
  // The invitation link is open to its holder (tested below and in staff.spec.ts).
  .filter((p) => p.startsWith("/admin") && !p.startsWith("/admin/login") && !p.startsWith("/admin/invitation"))
  .map((p) => p.replace(/:[^/]+/g, "1"));

test("the route config declares the admin area", () => {
  expect(adminPaths).toContain("/admin");
  expect(adminPaths).toContain("/admin/orders");
});

test("an anonymous made-up invitation link shows why it cannot be used, and its form creates nothing", async ({
  request,
}) => {
  const path = `/admin/invitation/${"A".repeat(43)}`;
  const page = await request.get(path, { maxRedirects: 0 });
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain("Liên kết mời không hợp lệ");
  // No member's address (the storefront's messages on every page hold a sample order number).
  expect(html).not.toMatch(/@e2e\.vn/);
  const refused = await request.post(path, {
    maxRedirects: 0,
    form: { intent: "accept", email: "x@shop.vn", name: "X", password: "Mat-khau-2026", passwordConfirm: "Mat-khau-2026" },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(refused.status()).toBe(409);
  expect(refused.headers()["set-cookie"] ?? "").not.toMatch(/session_token/);
});

for (const path of adminPaths) {
  test(`anonymous GET ${path} is redirected to the login with no admin data`, async ({ request }) => {
    const response = await request.get(path, { maxRedirects: 0 });
    expect([302, 303]).toContain(response.status());
    expect(response.headers()["location"]).toMatch(/\/admin\/login$/);
    expect(await response.text()).not.toMatch(/@e2e\.vn|DH\d{6}/);
  });

  test(`anonymous POST ${path} changes nothing and is refused`, async ({ request }) => {
    const response = await request.post(path, {
      maxRedirects: 0,
      form: { intent: "delete", id: "1" },
      headers: { origin: test.info().project.use.baseURL! },
    });
    expect([302, 303, 401, 403, 405]).toContain(response.status());
    if ([302, 303].includes(response.status())) expect(response.headers()["location"]).toMatch(/\/admin\/login$/);
  });
}
