import { z } from "zod";
import { checkbox, text } from "~/lib/form-fields";
import { orderFilterSearch, orderListQuerySchema } from "./orders.schema";

/*
 * Saved views of the orders list (issue 31): a console member names the list's current filters
 * ("Đơn HCM chờ giao") and gets them back as a tab. Shared by the form and the service.
 */

export const SAVED_VIEW_NAME_MAX = 60;
/** Most views one member keeps (their own; shared ones of others come on top). */
export const SAVED_VIEWS_PER_MEMBER = 20;

export const SAVED_VIEW_NAME_REQUIRED = "Vui lòng đặt tên cho bộ lọc";
export const SAVED_VIEW_NAME_TOO_LONG = `Tên bộ lọc tối đa ${SAVED_VIEW_NAME_MAX} ký tự`;
export const SAVED_VIEW_NAME_TAKEN = "Bạn đã có bộ lọc mang tên này";
export const SAVED_VIEW_NO_FILTER = "Hãy chọn ít nhất một bộ lọc hoặc nhập từ khóa trước khi lưu";
export const SAVED_VIEW_TOO_MANY = `Mỗi người lưu tối đa ${SAVED_VIEWS_PER_MEMBER} bộ lọc: hãy xóa bớt bộ lọc cũ`;
export const SAVED_VIEW_SHARE_FORBIDDEN = "Chỉ chủ cửa hàng mới chia sẻ được bộ lọc cho mọi người";
export const SAVED_VIEW_NOT_FOUND = "Không tìm thấy bộ lọc đã lưu (có thể đã bị xóa)";

const viewName = () =>
  text()
    .pipe(z.string().min(1, SAVED_VIEW_NAME_REQUIRED).max(SAVED_VIEW_NAME_MAX, SAVED_VIEW_NAME_TOO_LONG))
    // One space between words: "Đơn  HCM" and "Đơn HCM" are one name.
    .transform((name) => name.replace(/\s+/g, " "));

/**
 * The list's filters as saved: parsed as the list parses its URL (anything it would drop is
 * dropped, the page too) and written back in the list's own order, so a view is current exactly
 * when the list shows its filters.
 */
export function savedViewQuery(search: string): string {
  const params = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  return orderFilterSearch(orderListQuerySchema.parse(Object.fromEntries(params)));
}

const viewQuery = () =>
  text()
    .pipe(z.string().max(1000, SAVED_VIEW_NO_FILTER))
    .transform(savedViewQuery)
    .pipe(z.string().min(1, SAVED_VIEW_NO_FILTER));

/** "Lưu bộ lọc": a name for the list's current filters, shared or not. */
export const saveViewInputSchema = z.object({
  name: viewName(),
  query: viewQuery(),
  shared: checkbox(),
});
export type SaveViewInput = z.output<typeof saveViewInputSchema>;

export const renameViewInputSchema = z.object({
  viewId: z.string().uuid(SAVED_VIEW_NOT_FOUND),
  name: viewName(),
});

export const deleteViewInputSchema = z.object({ viewId: z.string().uuid(SAVED_VIEW_NOT_FOUND) });

/** A saved view as the list shows it. */
export interface SavedViewTab {
  id: string;
  name: string;
  query: string;
  shared: boolean;
  /** The member's own (they may rename and delete it); else a view the owner shared. */
  mine: boolean;
}
