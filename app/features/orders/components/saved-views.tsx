import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { fieldError, useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { orderFilterSearch, type OrderListQuery } from "../orders.schema";
import { SAVED_VIEW_NAME_MAX, type SavedViewTab } from "../saved-views.schema";

const successToasts = {
  "save-view": { title: "Đã lưu bộ lọc", description: "Bộ lọc hiện ở hàng thẻ phía trên danh sách." },
  "rename-view": { title: "Đã đổi tên bộ lọc" },
  "delete-view": { title: "Đã xóa bộ lọc" },
};

/**
 * "Lưu bộ lọc" (issue 31): names the list's current filters as a tab of the member's own (the
 * owner may share it with everyone), and lists the member's views to rename or delete. Plain forms
 * posting to the list's action: they work before scripts load too.
 */
export function SavedViewsPanel({
  query,
  savedViews,
  canShare,
}: {
  query: OrderListQuery;
  savedViews: readonly SavedViewTab[];
  canShare: boolean;
}) {
  const current = orderFilterSearch(query);
  const own = savedViews.filter((view) => view.mine);
  const fetcher = useFetcher<ActionFeedbackResult>();
  useActionFeedback(fetcher.data, { success: successToasts, pending: fetcher.state !== "idle" });
  const busy = fetcher.state !== "idle";
  const nameError = fetcher.data?.intent === "save-view" ? fieldError(fetcher.data, "name") : undefined;
  const alreadySaved = savedViews.some((view) => view.query === current);

  return (
    <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
      {current !== "" && !alreadySaved && (
        <details className="rounded-xl border border-brand-charcoal/10 bg-white px-3 py-2 text-sm sm:min-w-80">
          <summary className="cursor-pointer font-medium text-brand-teal-strong">Lưu bộ lọc này</summary>
          <fetcher.Form method="post" className="mt-3 flex flex-col gap-2" key={current}>
            <input type="hidden" name="intent" value="save-view" />
            <input type="hidden" name="query" value={current} />
            <Label htmlFor="saved-view-name">Tên bộ lọc</Label>
            <Input
              id="saved-view-name"
              name="name"
              required
              maxLength={SAVED_VIEW_NAME_MAX}
              placeholder="Ví dụ: Đơn HCM chờ giao"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? "saved-view-name-error" : undefined}
            />
            {nameError && (
              <p id="saved-view-name-error" className="text-sm text-red-700">
                {nameError}
              </p>
            )}
            {canShare && (
              <label className="flex items-center gap-2">
                <input type="checkbox" name="shared" className="size-5 accent-brand-teal-strong" />
                Chia sẻ cho mọi nhân viên
              </label>
            )}
            <Button type="submit" size="sm" disabled={busy} className="self-start">
              Lưu bộ lọc
            </Button>
          </fetcher.Form>
        </details>
      )}
      {own.length > 0 && (
        <details className="rounded-xl border border-brand-charcoal/10 bg-white px-3 py-2 text-sm sm:min-w-80">
          <summary className="cursor-pointer font-medium text-brand-teal-strong">
            Bộ lọc đã lưu của tôi ({own.length})
          </summary>
          <ul className="mt-3 flex flex-col gap-3">
            {own.map((view) => (
              <li key={view.id} className="flex flex-wrap items-end gap-2">
                <fetcher.Form method="post" className="flex min-w-0 flex-1 items-end gap-2">
                  <input type="hidden" name="intent" value="rename-view" />
                  <input type="hidden" name="viewId" value={view.id} />
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <Label htmlFor={`saved-view-${view.id}`} className="sr-only">
                      Tên bộ lọc
                    </Label>
                    <Input
                      id={`saved-view-${view.id}`}
                      name="name"
                      required
                      maxLength={SAVED_VIEW_NAME_MAX}
                      defaultValue={view.name}
                      dense
                    />
                  </div>
                  <Button type="submit" size="sm" variant="outline" disabled={busy}>
                    Đổi tên
                  </Button>
                </fetcher.Form>
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="delete-view" />
                  <input type="hidden" name="viewId" value={view.id} />
                  <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-label={`Xóa bộ lọc ${view.name}`}>
                    Xóa
                  </Button>
                </fetcher.Form>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
