import type { APIRequestContext } from "@playwright/test";

/**
 * Deletes a product a spec made — or archives it when an order has it (decision 0045) — naming the
 * version its edit page shows, as the console's delete does (decision 0014). Returns the status.
 */
export async function deleteMadeProduct(request: APIRequestContext, path: string): Promise<number> {
  const html = await (await request.get(path)).text();
  const version = /name="version"[^>]*value="(\d+)"/.exec(html)?.[1] ?? "";
  const response = await request.post(path, { form: { intent: "delete", version }, maxRedirects: 0 });
  return response.status();
}
