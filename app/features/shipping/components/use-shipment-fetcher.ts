import { useFetcher, useRevalidator } from "react-router";
import { useActionFeedback, type ActionFeedbackResult, type ToastText } from "~/components/ui/use-action-feedback";
import { staleRowMessage } from "~/lib/row-version";

const successText: Record<string, ToastText> = {
  "shipment-create": { title: "Thành công", description: "Đã tạo vận đơn" },
  "shipment-code": { title: "Thành công", description: "Đã lưu mã vận đơn" },
  "shipment-transit": { title: "Thành công", description: "Đã chuyển sang Đang giao" },
  "shipment-delivered": { title: "Thành công", description: "Đã ghi nhận giao hàng thành công" },
  "shipment-failed": { title: "Thành công", description: "Đã ghi nhận giao thất bại" },
  "shipment-returning": { title: "Thành công", description: "Đã chuyển sang Đang hoàn về" },
  "shipment-cancel": { title: "Thành công", description: "Đã hủy vận đơn" },
  "shipment-return": { title: "Thành công", description: "Đã nhận hàng hoàn và cập nhật tồn kho" },
  "shipment-sync": { title: "Thành công", description: "Đã cập nhật trạng thái từ GHN" },
};

const STALE = staleRowMessage("Vận đơn");
/** A fetcher for the order route's "shipment-…" intents, with their toasts and a reload offer on a stale version. */
export function useShipmentFetcher() {
  const fetcher = useFetcher<ActionFeedbackResult>();
  const { revalidate } = useRevalidator();
  useActionFeedback(fetcher.data, {
    success: successText,
    pending: fetcher.state !== "idle",
    errorAction: (failed) =>
      failed.error === STALE ? { label: "Tải lại", onClick: () => void revalidate() } : undefined,
  });
  return fetcher;
}
