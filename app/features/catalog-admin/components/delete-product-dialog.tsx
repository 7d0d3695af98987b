import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";

/**
 * SPEC confirm 'Bạn có chắc muốn xóa sản phẩm này?' and toasts 'Đã xóa' / 'Không thể xóa sản phẩm';
 * for a variant (decision 0038) the same with "biến thể".
 */
export function DeleteProductDialog({
  product,
  variant = false,
  onClose,
  action,
}: {
  product: { id: number; name: string };
  variant?: boolean;
  onClose: () => void;
  /** Where the delete is posted (the list by default; the edit page redirects to the list). */
  action?: string;
}) {
  const fetcher = useFetcher<ActionFeedbackResult>();
  useActionFeedback(fetcher.data, {
    success: { delete: { title: "Đã xóa", description: variant ? "Biến thể đã được xóa" : "Sản phẩm đã được xóa" } },
    errorTitle: () => (variant ? "Không thể xóa biến thể" : "Không thể xóa sản phẩm"),
    onSuccess: onClose,
  });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={variant ? `Xóa biến thể “${product.name}”` : `Xóa “${product.name}”`}
      description={variant ? "Bạn có chắc muốn xóa biến thể này?" : "Bạn có chắc muốn xóa sản phẩm này?"}
      busy={fetcher.state !== "idle"}
      onConfirm={() =>
        fetcher.submit(
          { intent: "delete", id: String(product.id) },
          { method: "post", action: action ?? "/admin/products" },
        )
      }
    >
      <p className="text-sm text-brand-cool-gray">
        {variant
          ? "Được phép xóa cả khi đã có đơn: các đơn hàng đã có biến thể này vẫn giữ tên, SKU và giá đã đặt."
          : "Các đơn hàng đã có sản phẩm này vẫn giữ nguyên thông tin."}
      </p>
    </ConfirmDialog>
  );
}
