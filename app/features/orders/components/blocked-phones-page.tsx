import { Ban } from "~/components/ui/icons";
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { SearchForm } from "~/components/ui/search-filter-form";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { fieldError, useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { formatDateTimeVi } from "~/lib/dates";
import { listPageHref, type Page } from "~/lib/pagination";
import type { BlockedPhoneRow } from "../blocked-phones.server";
import { nationalPhone } from "~/lib/phone";

const toasts = {
  block: { title: "Thành công", description: "Đã chặn số điện thoại" },
  unblock: { title: "Thành công", description: "Đã bỏ chặn số điện thoại" },
};

/**
 * The shop's blocked phones (issue 16): searchable, block a new number with a note, unblock. A
 * blocked number can still order; its orders wait for a confirmation call and are flagged.
 */
export function BlockedPhonesPage({ list, q }: { list: Page<BlockedPhoneRow>; q: string }) {
  const blockFetcher = useFetcher<ActionFeedbackResult>({ key: "block-new-phone" });
  const unblockFetcher = useFetcher<ActionFeedbackResult>();
  useActionFeedback(blockFetcher.data, { success: toasts, pending: blockFetcher.state !== "idle" });
  useActionFeedback(unblockFetcher.data, { success: toasts, pending: unblockFetcher.state !== "idle" });
  const form = useRef<HTMLFormElement>(null);
  // Emptied after a number was blocked, ready for the next one.
  useEffect(() => {
    if (blockFetcher.state === "idle" && blockFetcher.data?.ok) form.current?.reset();
  }, [blockFetcher.state, blockFetcher.data]);

  return (
    <>
      <BackLink to="/admin/customers">Khách hàng</BackLink>
      <AdminPageHeader
        title="Số điện thoại bị chặn"
        description="Số bị chặn vẫn đặt hàng được, nhưng đơn của số đó luôn phải gọi xác nhận trước khi giao và được gắn cảnh báo rủi ro."
      />

      <blockFetcher.Form
        ref={form}
        method="post"
        noValidate
        className="mb-6 grid gap-3 rounded-xl border border-brand-charcoal/10 bg-white p-4 shadow-xs sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-start sm:p-5"
      >
        <input type="hidden" name="intent" value="block" />
        <FormField id="block-phone" label="Số điện thoại" required error={fieldError(blockFetcher.data, "phone")}>
          {(control) => (
            <Input {...control} name="phone" type="tel" inputMode="tel" placeholder="0912 345 678" autoComplete="off" />
          )}
        </FormField>
        <FormField id="block-phone-note" label="Ghi chú" error={fieldError(blockFetcher.data, "note")}>
          {(control) => (
            <Input
              {...control}
              name="note"
              maxLength={500}
              placeholder="Ví dụ: từ chối nhận hàng 2 lần"
              autoComplete="off"
            />
          )}
        </FormField>
        <Button type="submit" className="h-11 sm:mt-6.5" disabled={blockFetcher.state !== "idle"}>
          <Ban className="size-4" aria-hidden="true" />
          Chặn số
        </Button>
      </blockFetcher.Form>

      <SearchForm
        key={q}
        id="blocked-q"
        q={q}
        label="Tìm số bị chặn"
        placeholder="Tìm theo số điện thoại hoặc ghi chú..."
      />

      <Table label="Danh sách số điện thoại bị chặn">
        <TableHeader>
          <TableRow>
            <TableHead>Số điện thoại</TableHead>
            <TableHead>Ghi chú</TableHead>
            <TableHead className="hidden sm:table-cell">Chặn lúc</TableHead>
            <TableHead className="hidden text-right sm:table-cell">Đơn hàng</TableHead>
            <TableHead>
              <span className="sr-only">Thao tác</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.rows.length === 0 ? (
            <TableEmpty colSpan={5}>{q ? "Không có số nào khớp" : "Chưa chặn số điện thoại nào"}</TableEmpty>
          ) : (
            list.rows.map((row) => {
              const phone = nationalPhone(row.phone);
              return (
                <TableRow key={row.phone} data-testid="blocked-row">
                  <TableCell className="font-mono font-semibold whitespace-nowrap">{phone}</TableCell>
                  <TableCell className="max-w-xs break-words">{row.note || "—"}</TableCell>
                  <TableCell className="hidden whitespace-nowrap sm:table-cell">
                    <div>{formatDateTimeVi(row.createdAt)}</div>
                    <div className="text-xs text-brand-cool-gray">{row.blockedByName ?? "—"}</div>
                  </TableCell>
                  <TableCell className="hidden text-right sm:table-cell">
                    <Link
                      to={`/admin/orders?q=${encodeURIComponent(phone)}`}
                      className="text-brand-teal-strong hover:underline"
                    >
                      {row.orderCount} đơn
                    </Link>
                  </TableCell>
                  <TableCell className="text-right">
                    <unblockFetcher.Form method="post">
                      <input type="hidden" name="intent" value="unblock" />
                      <input type="hidden" name="phone" value={row.phone} />
                      <Button
                        type="submit"
                        variant="ghost"
                        size="sm"
                        aria-label={`Bỏ chặn ${phone}`}
                        disabled={unblockFetcher.state !== "idle"}
                      >
                        Bỏ chặn
                      </Button>
                    </unblockFetcher.Form>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) => listPageHref("/admin/blocked-phones", { q: q || undefined }, page)}
        className="mt-4"
      />
    </>
  );
}
