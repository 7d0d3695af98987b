/**
 * One-shot notices shown as a toast after a redirect (sign-in, sign-out, 2FA changes, a product
 * created or deleted; storefront notices are added here too). The server sets a short-lived
 * cookie (app/server/flash.server.ts); the next page's loader reads and clears it, and the page
 * shows the toast once (useFlashToast). Safe for the browser bundle.
 */
/** What a delete of a product (or variant) that orders have did instead (decision 0045). */
export const ARCHIVED_PRODUCT_DESCRIPTION =
  "Sản phẩm đã có trong đơn hàng nên được ẩn khỏi cửa hàng thay vì xóa; các đơn hàng vẫn giữ nguyên.";
export const ARCHIVED_VARIANT_DESCRIPTION =
  "Biến thể đã có trong đơn hàng nên được ẩn khỏi cửa hàng thay vì xóa; các đơn hàng vẫn giữ nguyên.";

export const flashKinds = [
  "welcome",
  "signed-out",
  "session-expired",
  "2fa-enabled",
  "2fa-disabled",
  "product-created",
  "product-deleted",
  "product-archived",
  "variant-created",
  "variant-deleted",
  "variant-archived",
  "order-deleted",
] as const;
export type FlashKind = (typeof flashKinds)[number];

export interface Flash {
  /** Unique per notice, so a toast is never shown twice for one redirect. */
  id: string;
  kind: FlashKind;
}

/** SPEC §8 texts of the notices. */
export const flashMessages: Record<FlashKind, { title: string; description?: string; warning?: true }> = {
  welcome: { title: "Đăng nhập thành công", description: "Chào mừng quay trở lại!" },
  "signed-out": { title: "Đã đăng xuất", description: "Hẹn gặp lại!" },
  "session-expired": {
    title: "Phiên đăng nhập đã hết hạn",
    description: "Bạn đã không hoạt động quá lâu hoặc phiên đã quá thời hạn. Vui lòng đăng nhập lại.",
    warning: true,
  },
  "2fa-enabled": {
    title: "Đã bật xác thực hai lớp",
    description: "Từ lần đăng nhập sau, bạn cần nhập mã từ ứng dụng xác thực.",
  },
  "2fa-disabled": { title: "Đã tắt xác thực hai lớp" },
  // After a new product is saved, the console opens its edit page (to add images).
  "product-created": { title: "Đã thêm", description: "Sản phẩm mới đã được thêm thành công" },
  "product-deleted": { title: "Đã xóa", description: "Sản phẩm đã được xóa" },
  // A product with orders is archived (hidden), not deleted (decision 0045).
  "product-archived": { title: "Đã lưu trữ", description: ARCHIVED_PRODUCT_DESCRIPTION },
  // Variants (decision 0038): the console goes back to their product's page.
  "variant-created": { title: "Đã thêm", description: "Biến thể mới đã được thêm" },
  "variant-deleted": { title: "Đã xóa", description: "Biến thể đã được xóa" },
  "variant-archived": { title: "Đã lưu trữ", description: ARCHIVED_VARIANT_DESCRIPTION },
  // After an order is deleted, the console goes back to the list.
  "order-deleted": { title: "Thành công", description: "Đã xóa đơn hàng" },
};

export function isFlashKind(value: string): value is FlashKind {
  return (flashKinds as readonly string[]).includes(value);
}
