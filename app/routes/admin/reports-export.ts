import { auditedExport, exportFilters } from "~/features/auth/audit.server";
import { requireAdmin } from "~/features/auth/auth.server";
import {
  getSalesReport,
  productsReportCsvHeader,
  productsReportCsvRows,
  salesReportCsvHeader,
  salesReportCsvRows,
} from "~/features/reports/reports.server";
import { reportPeriodSchema } from "~/features/reports/reports.schema";
import { shopDayIso } from "~/lib/dates";
import { csvStreamResponse } from "~/server/csv.server";
import type { Route } from "./+types/reports-export";

/**
 * /admin/reports/export/sales → sales_report_{period}_{date}.csv (summary and revenue per day);
 * /admin/reports/export/products → products_report_{period}_{date}.csv (top 10). ?period=7d|30d|90d|1y.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const kind = params.kind;
  if (kind !== "sales" && kind !== "products") throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const period = reportPeriodSchema.parse(url.searchParams.get("period") ?? undefined);
  const db = context.database.db;
  const report = await getSalesReport(db, period);
  const date = shopDayIso();
  const rows = kind === "sales" ? salesReportCsvRows(report) : productsReportCsvRows(report);
  async function* once() {
    yield rows;
  }
  const file = kind === "sales" ? `sales_report_${period}_${date}.csv` : `products_report_${period}_${date}.csv`;
  return csvStreamResponse(
    file,
    kind === "sales" ? salesReportCsvHeader : productsReportCsvHeader,
    auditedExport(db, admin.user, { data: "reports", file, filters: exportFilters(url) }, once()),
  );
}
