import { Banknote, Calculator, Download, ShoppingCart, Users } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { RevenueChart } from "~/features/reports/components/revenue-chart";
import { StatCard } from "~/components/ui/stat-card";
import { RevenueBasisHint } from "~/features/reports/components/revenue-basis-hint";
import { reportPeriods, reportPeriodSchema, reportPeriodValues } from "~/features/reports/reports.schema";
import { getSalesReport } from "~/features/reports/reports.server";
import { formatIsoDayVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { PeriodSwitch } from "~/features/reports/components/period-switch";
import type { Route } from "./+types/reports";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const period = reportPeriodSchema.parse(new URL(request.url).searchParams.get("period") ?? undefined);
  return { report: await getSalesReport(context.database.db, period) };
}

export const meta: Route.MetaFunction = () => adminMeta("Báo cáo");

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const { summary } = report;
  const periodLabel = reportPeriods[report.period].label;
  return (
    <>
      <AdminPageHeader
        title="Báo cáo"
        description={`${formatIsoDayVi(report.range.fromDay, true)} – ${formatIsoDayVi(report.range.toDay, true)}`}
      >
        <Button asChild variant="outline" size="sm">
          <a href={`/admin/reports/export/sales?period=${report.period}`} download>
            <Download className="size-4" aria-hidden="true" />
            Export báo cáo tổng hợp
          </a>
        </Button>
      </AdminPageHeader>

      <div className="mb-6">
        <PeriodSwitch
          label="Kỳ báo cáo"
          periods={reportPeriodValues.map((value) => ({ value, label: reportPeriods[value].label }))}
          current={report.period}
        />
      </div>

      <section aria-label="Số liệu của kỳ" className="mb-6 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Tổng doanh thu"
          value={formatVnd(summary.revenue)}
          icon={Banknote}
          hint={<RevenueBasisHint basis={report.basis} />}
        />
        <StatCard label="Tổng đơn hàng" value={summary.orders.toLocaleString("vi-VN")} icon={ShoppingCart} />
        <StatCard label="Khách hàng" value={summary.customers.toLocaleString("vi-VN")} icon={Users} />
        <StatCard label="Giá trị đơn trung bình" value={formatVnd(summary.averageOrderValue)} icon={Calculator} />
      </section>

      <section className="mb-6 rounded-xl border border-brand-charcoal/10 bg-white p-4 shadow-xs sm:p-5">
        <RevenueChart
          points={report.series}
          granularity={report.granularity}
          title={
            report.granularity === "week"
              ? `Doanh thu theo tuần · ${periodLabel}`
              : `Doanh thu theo ngày · ${periodLabel}`
          }
        />
      </section>

      <section aria-labelledby="top-products">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id="top-products" className="text-lg font-bold">
            Top 10 sản phẩm
          </h2>
          <Button asChild variant="outline" size="sm">
            <a href={`/admin/reports/export/products?period=${report.period}`} download>
              <Download className="size-4" aria-hidden="true" />
              Export
            </a>
          </Button>
        </div>
        <Table label="Top 10 sản phẩm theo doanh thu">
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">Hạng</TableHead>
              <TableHead>Sản phẩm</TableHead>
              <TableHead className="text-right">Số lượng bán</TableHead>
              <TableHead className="text-right">Doanh thu</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {report.topProducts.length === 0 ? (
              <TableEmpty colSpan={4}>Chưa có sản phẩm nào được bán trong kỳ này</TableEmpty>
            ) : (
              report.topProducts.map((p) => (
                <TableRow key={p.productName}>
                  <TableCell className="font-semibold">#{p.rank}</TableCell>
                  <TableCell>{p.productName}</TableCell>
                  <TableCell className="text-right tabular-nums">{p.quantity.toLocaleString("vi-VN")}</TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">{formatVnd(p.revenue)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
