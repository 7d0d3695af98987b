import { useRef } from "react";
import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { StaleRowNotice, staleRowErrorOf, useFormRowVersion, useReloadForms } from "~/components/ui/stale-row-notice";
import { UnsavedChangesGuard, useFormDirty } from "~/components/ui/unsaved-changes";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import type { AdminStoreLocation, StoreStockRow } from "../store-locations.server";

/**
 * /admin/stores/:id/stock: the units of every product in one shop, saved together (a plain form
 * post without JavaScript). The form carries the shop's version: another tab's save since is
 * refused with the page's "Tải lại".
 */
export function StoreStockPage({ store, rows }: { store: AdminStoreLocation; rows: StoreStockRow[] }) {
  const { generation, reload, reloading } = useReloadForms();
  return (
    <section aria-labelledby="admin-page-title">
      <BackLink to="/admin/stores">Danh sách cửa hàng</BackLink>
      <AdminPageHeader
        title={`Tồn kho tại ${store.name}`}
        description="Số sản phẩm có sẵn tại cửa hàng này, hiện trong hộp “Kiểm tra tại cửa hàng” của trang sản phẩm. Kho bán online không thay đổi."
      />
      <StockForm key={generation} store={store} rows={rows} reload={{ run: () => void reload(), busy: reloading }} />
    </section>
  );
}

function StockForm({
  store,
  rows,
  reload,
}: {
  store: AdminStoreLocation;
  rows: StoreStockRow[];
  reload: { run: () => void; busy: boolean };
}) {
  const fetcher = useFetcher<ActionFeedbackResult>();
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  const version = useFormRowVersion(store.version, result);
  useActionFeedback(result, {
    success: { stock: { title: "Đã lưu", description: "Đã cập nhật tồn kho của cửa hàng" } },
    errorTitle: () => "Không thể lưu tồn kho",
    pending: busy,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useFormDirty(formRef, version);
  const fieldErrors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const stale = staleRowErrorOf(result);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      className="flex flex-col gap-4"
      aria-label={`Tồn kho tại ${store.name}`}
    >
      <UnsavedChangesGuard dirty={dirty && !busy} />
      <input type="hidden" name="intent" value="stock" />
      <input type="hidden" name="version" value={version} />
      <Table label={`Sản phẩm tại ${store.name}`}>
        <TableHeader>
          <TableRow>
            <TableHead>Sản phẩm</TableHead>
            <TableHead>SKU</TableHead>
            <TableHead className="w-40">Số lượng</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 && <TableEmpty colSpan={3}>Chưa có sản phẩm nào</TableEmpty>}
          {rows.map((row) => {
            const field = `quantity.${row.productId}`;
            const error = fieldErrors[field];
            return (
              <TableRow key={row.productId}>
                <TableCell>
                  <label htmlFor={`stock-${row.productId}`} className="font-medium">
                    {row.name}
                  </label>
                </TableCell>
                <TableCell>
                  <code className="text-xs">{row.sku}</code>
                </TableCell>
                <TableCell>
                  <Input
                    id={`stock-${row.productId}`}
                    name={field}
                    type="number"
                    min={0}
                    step={1}
                    inputMode="numeric"
                    dense
                    defaultValue={row.quantity}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `stock-${row.productId}-error` : undefined}
                  />
                  {error && (
                    <p id={`stock-${row.productId}-error`} className="mt-1 text-xs text-red-700">
                      {error}
                    </p>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {stale && <StaleRowNotice message={stale} onReload={reload.run} reloading={reload.busy} />}
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? "Đang lưu..." : "Lưu tồn kho"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
