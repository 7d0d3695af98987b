import { auditedExport, exportFilters } from "~/features/auth/audit.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { customerCsvBatches, customersCsvHeader } from "~/features/customers/customers.server";
import { shopDayIso } from "~/lib/dates";
import { csvStreamResponse } from "~/server/csv.server";
import type { Route } from "./+types/customers-export";

/**
 * customers_{date}.csv: every customer matching the list's search (?q=), streamed in batches; for
 * those allowed to export customer data (requireAdmin), and written in the audit log.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim().slice(0, 100) || undefined;
  const file = `customers_${shopDayIso()}.csv`;
  const db = context.database.db;
  return csvStreamResponse(
    file,
    customersCsvHeader,
    auditedExport(db, admin.user, { data: "customers", file, filters: exportFilters(url) }, customerCsvBatches(db, q)),
  );
}
