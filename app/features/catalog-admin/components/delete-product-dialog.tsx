import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { ARCHIVED_PRODUCT_DESCRIPTION, ARCHIVED_VARIANT_DESCRIPTION } from "~/lib/flash";

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
  /** The version the page read: the server refuses a delete without it or over a newer one (decision 0014). */
  product: { id: number; name: string; version: number };
  variant?: boolean;
  onClose: () => void;
  /** Where the delete is posted (the list by default; the edit page redirects to the list). */
  action?: string;
}) {
  const fetcher = useFetcher<ActionFeedbackResult<{ archived: boolean }>>();
  useActionFeedback(fetcher.data, {
    success: ({ result }) =>
      result?.archived
        ? { title: "Đã lưu trữ", description: variant ? ARCHIVED_VARIANT_DESCRIPTION : ARCHIVED_PRODUCT_DESCRIPTION }
        : { title: "Đã xóa", description: variant ? "Biến thể đã được xóa" : "Sản phẩm đã được xóa" },
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
          { intent: "delete", id: String(product.id), version: String(product.version) },
          { method: "post", action: action ?? "/admin/products" },
        )
      }
    >
      <p className="text-sm text-brand-cool-gray">
        {variant
          ? "Nếu biến thể đã có trong đơn hàng, biến thể sẽ được ẩn khỏi cửa hàng (lưu trữ) thay vì xóa, để các đơn hàng vẫn giữ nguyên."
          : "Nếu sản phẩm đã có trong đơn hàng, sản phẩm sẽ được ẩn khỏi cửa hàng (lưu trữ) thay vì xóa, để các đơn hàng vẫn giữ nguyên."}
      </p>
    </ConfirmDialog>
  );
}
