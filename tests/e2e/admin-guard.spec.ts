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
  .filter((p) => p.startsWith("/admin") && !p.startsWith("/admin/login"))
  .map((p) => p.replace(/:[^/]+/g, "1"));

test("the route config declares the admin area", () => {
  expect(adminPaths).toContain("/admin");
  expect(adminPaths).toContain("/admin/orders");
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
