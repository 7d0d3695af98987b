import { requireAdmin } from "~/features/auth/auth.server";
import { customerCsvBatches, customersCsvHeader } from "~/features/customers/customers.server";
import { shopDayIso } from "~/lib/dates";
import { csvStreamResponse } from "~/server/csv.server";
import type { Route } from "./+types/customers-export";

/** customers_{date}.csv: every customer matching the list's search (?q=), streamed in batches. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const q = new URL(request.url).searchParams.get("q")?.trim().slice(0, 100) || undefined;
  return csvStreamResponse(`customers_${shopDayIso()}.csv`, customersCsvHeader, customerCsvBatches(context.database.db, q));
}
