import { Printer, Upload } from "~/components/ui/icons";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { DetailCard } from "~/components/ui/detail-card";
import { Input, Select, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { SearchFilterForm } from "~/components/ui/search-filter-form";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { formatDateTimeVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { formatOrderNumber } from "~/lib/order-number";
import { listPageHref } from "~/lib/pagination";
import {
  carrierNameSuggestions,
  shipmentStatusLabels,
  shipmentStatusValues,
  type ShipmentListQuery,
} from "../shipments.schema";
import type { ImportResult, listShipments } from "../shipments.server";
import { ShipmentStatusBadge } from "./shipment-panel";

export interface ShipmentsPageProps {
  list: Awaited<ReturnType<typeof listShipments>>;
  query: ShipmentListQuery;
  /** The carriers the shop has shipped with, for the carrier filter. */
  carriers: readonly string[];
  /** Today's 34 provinces (code, name), for the province filter. */
  provinces: ReadonlyArray<{ code: string; name: string }>;
}

/**
 * The console's shipments: status, carrier and province filters, search by code, order number or
 * phone, and the CSV import of tracking codes.
 */
export function ShipmentsPage({ list, query, carriers, provinces }: ShipmentsPageProps) {
  const filters = { q: query.q, status: query.status, carrier: query.carrier, province: query.province };
  const hrefFor = (page: number) => listPageHref("/admin/shipments", filters, page);
  return (
    <>
      <AdminPageHeader title="Vận chuyển" description={`${list.total.toLocaleString("vi-VN")} vận đơn`} />
      <SearchFilterForm
        key={JSON.stringify(filters)}
        id="shipments"
        q={query.q}
        placeholder="Mã vận đơn, mã đơn (DH000123) hoặc số điện thoại"
        filter={[
          {
            name: "status",
            label: "Trạng thái",
            value: query.status,
            allLabel: "Tất cả trạng thái",
            options: shipmentStatusValues.map((s) => ({ value: s, label: shipmentStatusLabels[s] })),
          },
          {
            name: "carrier",
            label: "Đơn vị vận chuyển",
            value: query.carrier,
            allLabel: "Tất cả đơn vị",
            options: carriers.map((name) => ({ value: name, label: name })),
          },
          {
            name: "province",
            label: "Tỉnh/Thành phố",
            value: query.province,
            allLabel: "Tất cả tỉnh thành",
            options: provinces.map((p) => ({ value: p.code, label: p.name })),
          },
        ]}
      />

      <form
        id="print-labels"
        method="get"
        action="/admin/shipments"
        target="_blank"
        className="mb-3 flex flex-wrap items-center gap-2"
      >
        <span className="text-sm text-brand-cool-gray">In nhãn các vận đơn đã chọn:</span>
        <Button type="submit" name="print" value="a4" size="sm" variant="outline">
          <Printer className="size-4" aria-hidden="true" />
          A4 (4 nhãn/trang)
        </Button>
        <Button type="submit" name="print" value="a6" size="sm" variant="outline">
          <Printer className="size-4" aria-hidden="true" />
          A6
        </Button>
      </form>
      <Table label="Danh sách vận đơn">
        <TableHeader>
          <TableRow>
            <TableHead>
              <span className="sr-only">Chọn để in nhãn</span>
            </TableHead>
            <TableHead>Mã đơn</TableHead>
            <TableHead>Người nhận</TableHead>
            <TableHead>Hãng · mã vận đơn</TableHead>
            <TableHead>Trạng thái</TableHead>
            <TableHead className="text-right">Thu hộ</TableHead>
            <TableHead>Tạo lúc</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.rows.length === 0 ? (
            <TableEmpty colSpan={7}>
              {query.q || query.status || query.carrier || query.province
                ? "Không có vận đơn nào"
                : "Chưa có vận đơn nào"}
            </TableEmpty>
          ) : (
            list.rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="w-10">
                  {row.status !== "cancelled" && (
                    <input
                      type="checkbox"
                      form="print-labels"
                      name="ids"
                      value={row.id}
                      aria-label={`Chọn vận đơn của đơn ${formatOrderNumber(row.orderNumber)} để in nhãn`}
                      className="size-5 accent-brand-teal-strong"
                    />
                  )}
                </TableCell>
                <TableCell className="font-mono font-semibold whitespace-nowrap">
                  <Link to={`/admin/orders/${row.orderId}`} className="text-brand-teal-strong hover:underline">
                    {formatOrderNumber(row.orderNumber)}
                  </Link>
                </TableCell>
                <TableCell>
                  <div className="font-medium">{row.recipientName}</div>
                  <div className="text-xs text-brand-cool-gray">{row.phone}</div>
                </TableCell>
                <TableCell>
                  <div>{row.carrierName}</div>
                  <div className="font-mono text-xs">{row.trackingCode ?? "Chưa có mã"}</div>
                </TableCell>
                <TableCell>
                  <ShipmentStatusBadge status={row.status} />
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatVnd(row.codAmount)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDateTimeVi(row.createdAt)}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pagination page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} className="mt-4" />

      <div className="mt-8">
        <ImportCodesCard />
      </div>
    </>
  );
}

function ImportCodesCard() {
  const fetcher = useFetcher<ActionFeedbackResult<ImportResult>>();
  useActionFeedback(fetcher.data, {
    success: (answer) =>
      answer.result?.ok
        ? {
            title: "Thành công",
            description: `Tạo ${answer.result.created} vận đơn, cập nhật ${answer.result.updated}, không đổi ${answer.result.unchanged}`,
          }
        : null,
    pending: fetcher.state !== "idle",
  });
  const result = fetcher.data?.ok ? fetcher.data.result : undefined;
  const busy = fetcher.state !== "idle";
  return (
    <DetailCard title="Nhập mã vận đơn từ tệp CSV">
      <p className="mb-3 text-sm text-brand-cool-gray">
        Mỗi dòng: mã đơn hàng (DH000123 hoặc 123), mã vận đơn, và tên hãng (không bắt buộc). Đơn chưa có vận đơn sẽ được
        tạo vận đơn thủ công; có bất kỳ dòng lỗi nào thì không dòng nào được nhập.
      </p>
      <fetcher.Form
        method="post"
        encType="multipart/form-data"
        className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_16rem] sm:items-end"
      >
        <input type="hidden" name="intent" value="import" />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="import-file">Tệp CSV (UTF-8)</Label>
          <Input id="import-file" name="file" type="file" accept=".csv,text/csv" className="py-2" />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="import-carrier">Hãng mặc định</Label>
          <Select id="import-carrier" name="defaultCarrierName" defaultValue="">
            <option value="">Theo cột hãng trong tệp</option>
            {carrierNameSuggestions.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <Label htmlFor="import-text">Hoặc dán các dòng (mã đơn, mã vận đơn, hãng)</Label>
          <Textarea
            id="import-text"
            name="csvText"
            rows={3}
            placeholder={"DH000123,LBK7XN,GHN\n124,S1.A2.99,GHTK"}
            className="font-mono"
          />
        </div>
        <Button type="submit" className="h-11 sm:col-span-2 sm:justify-self-start" disabled={busy}>
          <Upload className="size-4" aria-hidden="true" />
          {busy ? "Đang nhập..." : "Nhập mã vận đơn"}
        </Button>
      </fetcher.Form>
      {result && !result.ok && (
        <div
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          data-testid="import-errors"
        >
          <p className="font-semibold">Chưa nhập dòng nào. Hãy sửa các dòng sau rồi nhập lại:</p>
          <ul className="mt-2 list-disc pl-5">
            {result.errors.map((e, i) => (
              <li key={i}>{e.row > 0 ? `Dòng ${e.row}: ${e.message}` : e.message}</li>
            ))}
          </ul>
        </div>
      )}
      {result?.ok && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
        >
          Đã tạo {result.created} vận đơn, cập nhật mã cho {result.updated} vận đơn, {result.unchanged} dòng không thay
          đổi.
        </p>
      )}
    </DetailCard>
  );
}
