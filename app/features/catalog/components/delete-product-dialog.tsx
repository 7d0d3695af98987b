import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";

/** SPEC confirm 'Bạn có chắc muốn xóa sản phẩm này?' and toasts 'Đã xóa' / 'Không thể xóa sản phẩm'. */
export function DeleteProductDialog({
  product,
  onClose,
  action,
}: {
  product: { id: number; name: string };
  onClose: () => void;
  /** Where the delete is posted (the list by default; the edit page redirects to the list). */
  action?: string;
}) {
  const fetcher = useFetcher<ActionFeedbackResult>();
  useActionFeedback(fetcher.data, {
    success: { delete: { title: "Đã xóa", description: "Sản phẩm đã được xóa" } },
    errorTitle: () => "Không thể xóa sản phẩm",
    onSuccess: onClose,
  });
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Xóa “${product.name}”`}
      description="Bạn có chắc muốn xóa sản phẩm này?"
      busy={fetcher.state !== "idle"}
      onConfirm={() =>
        fetcher.submit(
          { intent: "delete", id: String(product.id) },
          { method: "post", action: action ?? "/admin/products" },
        )
      }
    >
      <p className="text-sm text-brand-cool-gray">Các đơn hàng đã có sản phẩm này vẫn giữ nguyên thông tin.</p>
    </ConfirmDialog>
  );
}
