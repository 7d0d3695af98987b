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
  await requireAdmin(request, context);
  const kind = params.kind;
  if (kind !== "sales" && kind !== "products") throw new Response("Not found", { status: 404 });
  const period = reportPeriodSchema.parse(new URL(request.url).searchParams.get("period") ?? undefined);
  const report = await getSalesReport(context.database.db, period);
  const date = shopDayIso();
  const rows = kind === "sales" ? salesReportCsvRows(report) : productsReportCsvRows(report);
  async function* once() {
    yield rows;
  }
  return kind === "sales"
    ? csvStreamResponse(`sales_report_${period}_${date}.csv`, salesReportCsvHeader, once())
    : csvStreamResponse(`products_report_${period}_${date}.csv`, productsReportCsvHeader, once());
}
