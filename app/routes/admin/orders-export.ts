import { requireAdmin } from "~/features/auth/auth.server";
import { orderCsvBatches, orderIdsOf, ordersCsvHeader } from "~/features/orders/orders-bulk.server";
import { orderListQuerySchema } from "~/features/orders/orders.schema";
import { shopDayIso } from "~/lib/dates";
import { csvStreamResponse } from "~/server/csv.server";
import type { Route } from "./+types/orders-export";

/**
 * orders_{date}.csv (Excel-safe: BOM, formulas neutralised): the selected orders (`?order=…`,
 * repeated, as the list posts its selection) or, without a selection, every order of the list's
 * filters (the same parameters as the list).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const selected = params.getAll("order");
  const scope =
    selected.length > 0
      ? { ids: orderIdsOf(selected) }
      : { query: orderListQuerySchema.parse(Object.fromEntries(params)) };
  return csvStreamResponse(`orders_${shopDayIso()}.csv`, ordersCsvHeader, orderCsvBatches(context.database.db, scope));
}
