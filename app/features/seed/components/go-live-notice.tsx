import { Link } from "react-router";
import { Store } from "~/components/ui/icons";

/** The owner's reminder while the shop is a demo: the dashboard and the settings link the go-live checklist (issue 31). */
export function GoLiveNotice() {
  return (
    <div className="mb-6 flex flex-col gap-3 rounded-xl border border-brand-teal-strong/30 bg-brand-white p-4 sm:flex-row sm:items-center">
      <Store className="size-6 shrink-0 text-brand-teal-strong" aria-hidden="true" />
      <p className="flex-1 text-sm">
        Cửa hàng đang ở chế độ mẫu (đánh giá mẫu, thông tin doanh nghiệp mẫu). Xem những việc còn lại và mở bán chính
        thức khi đã sẵn sàng.
      </p>
      <Link
        to="/admin/go-live"
        className="inline-flex h-10 items-center justify-center rounded-full bg-brand-charcoal px-5 text-sm font-medium text-white"
      >
        Danh sách mở bán
      </Link>
    </div>
  );
}
