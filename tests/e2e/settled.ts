import type { Page } from "@playwright/test";

/**
 * Waits until the page's router has nothing in flight: no navigation, no revalidation, no
 * fetcher. Saves answer with a toast before their revalidation ends, and a reload or goto made
 * then is aborted by the router's own history update, or drops a save still on its way.
 */
export async function waitForRouterIdle(page: Page) {
  await page.waitForFunction(() => {
    const router = (
      window as {
        __reactRouterDataRouter?: {
          state: { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> };
        };
      }
    ).__reactRouterDataRouter;
    if (!router) return false;
    const { navigation, revalidation, fetchers } = router.state;
    return navigation.state === "idle" && revalidation === "idle" && [...fetchers.values()].every((f) => f.state === "idle");
  });
}
