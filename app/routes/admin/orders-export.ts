import { auditedExport, exportFilters } from "~/features/auth/audit.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { orderIdsOf } from "~/features/orders/orders-bulk.server";
import { orderCsvBatches, ordersCsvHeader } from "~/features/orders/orders-export.server";
import { orderListQuerySchema } from "~/features/orders/orders.schema";
import { shopDayIso } from "~/lib/dates";
import { csvStreamResponse } from "~/server/csv.server";
import type { Route } from "./+types/orders-export";

/**
 * orders_{date}.csv (Excel-safe: BOM, formulas neutralised): the selected orders (`?order=…`,
 * repeated, as the list posts its selection) or, without a selection, every order of the list's
 * filters (the same parameters as the list). Buyers' names, phones and addresses: for those allowed
 * to export customer data, written in the audit log.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const url = new URL(request.url);
  const params = url.searchParams;
  const selected = params.getAll("order");
  const scope =
    selected.length > 0
      ? { ids: orderIdsOf(selected) }
      : { query: orderListQuerySchema.parse(Object.fromEntries(params)) };
  const file = `orders_${shopDayIso()}.csv`;
  const db = context.database.db;
  // A selection is logged by its order count, not by the ids.
  const filters = selected.length > 0 ? `${orderIdsOf(selected).length} đơn đã chọn` : exportFilters(url);
  return csvStreamResponse(
    file,
    ordersCsvHeader,
    auditedExport(db, admin.user, { data: "orders", file, filters }, orderCsvBatches(db, scope)),
  );
}
