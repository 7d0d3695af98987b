import type { UserRoleName } from "~/db/schema/auth";
import type { StaffPermission } from "~/features/settings/settings.schema";

/*
 * Who may open what in the console (issue 18, decision 0030): the one map from a console path to
 * the area it belongs to, read by requireAdmin on every loader, action and endpoint (so a route
 * cannot forget it) and by the sidebar. Safe in the browser.
 */

/**
 * The console's areas. "everyone": any console member (the shell, own security, sign-out).
 * A path may also need a permission the owner grants per role (permissionOfPath, decision 0046).
 */
export type ConsoleArea = "everyone" | "dashboard" | "operations" | "content" | "owner";

export const consoleRoleLabels: Record<UserRoleName, string> = {
  owner: "Chủ cửa hàng",
  staff: "Nhân viên bán hàng",
  content: "Biên tập nội dung",
};

export const consoleRoleDescriptions: Record<UserRoleName, string> = {
  owner: "Toàn quyền: cài đặt, nhân viên, bảo mật, báo cáo và mọi trang khác.",
  staff: "Đơn hàng, khách hàng, xác nhận đơn, vận chuyển và đối soát COD.",
  content: "Sản phẩm, danh mục, cửa hàng, đánh giá, sections, chính sách, blog, SEO và giao diện.",
};

const areasOfRole: Record<UserRoleName, ReadonlySet<ConsoleArea>> = {
  owner: new Set(["everyone", "dashboard", "operations", "content", "owner"]),
  staff: new Set(["everyone", "dashboard", "operations"]),
  content: new Set(["everyone", "content"]),
};

/**
 * Console path prefixes and their areas; the longest matching prefix wins, and a console path
 * no prefix matches belongs to the owner (a new page is closed until it is placed here).
 */
const areaByPrefix: ReadonlyArray<readonly [string, ConsoleArea]> = [
  ["/admin/login", "everyone"],
  ["/admin/logout", "everyone"],
  ["/admin/invitation", "everyone"],
  ["/admin/security", "everyone"],
  // The live new-order feed of every console page: for those who handle the orders.
  ["/admin/events", "operations"],
  ["/admin/orders", "operations"],
  ["/admin/shipments", "operations"],
  ["/admin/blocked-phones", "operations"],
  ["/admin/cod", "operations"],
  ["/admin/customers", "operations"],
  ["/admin/newsletter", "operations"],
  ["/admin/emails", "operations"],
  ["/admin/products", "content"],
  ["/admin/categories", "content"],
  ["/admin/stores", "content"],
  // Moderating buyers' reviews (approve, hide, reply; the demo reviews).
  ["/admin/reviews", "content"],
  ["/admin/sections", "content"],
  // Policies and blog posts (issue 19).
  ["/admin/pages", "content"],
  ["/admin/seo", "content"],
  ["/admin/theme", "content"],
  // Opened by a permission rather than a role (permissionByPrefix): whoever the owner allows.
  ["/admin/customers/export", "everyone"],
  ["/admin/newsletter/export", "everyone"],
  ["/admin/orders/export", "everyone"],
  ["/admin/discounts", "everyone"],
  ["/admin/reports", "everyone"],
  ["/admin/settings", "owner"],
  ["/admin/carriers", "owner"],
  ["/admin/staff", "owner"],
  ["/admin/audit", "owner"],
  // The go-live checklist and the one action that removes the demo content (issue 31).
  ["/admin/go-live", "owner"],
];

/**
 * Console paths that need a permission besides their area (settings group staff_permissions, the
 * owner's choice per role; the owner has them all). The longest matching prefix wins.
 */
const permissionByPrefix: ReadonlyArray<readonly [string, StaffPermission]> = [
  ["/admin/reports", "viewRevenue"],
  ["/admin/customers/export", "exportCustomerData"],
  ["/admin/newsletter/export", "exportCustomerData"],
  ["/admin/orders/export", "exportCustomerData"],
  ["/admin/discounts", "manualDiscounts"],
];

/** The permission a console path needs, or null. */
export function permissionOfPath(pathname: string): StaffPermission | null {
  return longestPrefixMatch(permissionByPrefix, pathname.replace(/\/+$/, "") || "/");
}

function longestPrefixMatch<T>(entries: ReadonlyArray<readonly [string, T]>, path: string): T | null {
  let best: readonly [string, T] | null = null;
  for (const entry of entries) {
    const [prefix] = entry;
    if ((path === prefix || path.startsWith(`${prefix}/`)) && (!best || prefix.length > best[0].length)) best = entry;
  }
  return best ? best[1] : null;
}

/** The area of a console path ("/admin" itself is the dashboard). */
export function consoleAreaOf(pathname: string): ConsoleArea {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/admin") return "dashboard";
  return longestPrefixMatch(areaByPrefix, path) ?? "owner";
}

/** What a member may do beyond their role's pages: the owner everything, others what the owner granted. */
export type GrantedPermissions = ReadonlySet<StaffPermission>;

/**
 * True when a member with `role` and `granted` permissions may open `pathname` (loaders, actions
 * and endpoints alike): the path's area is the role's, and the permission it needs, if any, is granted.
 */
export function mayOpen(role: UserRoleName, pathname: string, granted: GrantedPermissions = new Set()): boolean {
  if (!areasOfRole[role].has(consoleAreaOf(pathname))) return false;
  const needed = permissionOfPath(pathname);
  return needed === null || role === "owner" || granted.has(needed);
}

export const PERMISSION_DENIED_MESSAGES: Record<StaffPermission, string> = {
  viewRevenue: "Bạn không có quyền xem doanh thu và báo cáo",
  exportCustomerData: "Bạn không có quyền xuất dữ liệu khách hàng",
  markPaid: "Bạn không có quyền đánh dấu đơn hàng đã thanh toán",
  manualDiscounts: "Bạn không có quyền tạo hay sửa mã giảm giá",
};

/** Where a member lands after sign-in, or when opening "/admin" without the dashboard. */
export function consoleHomeOf(role: UserRoleName): string {
  return mayOpen(role, "/admin") ? "/admin" : "/admin/products";
}

export const FORBIDDEN_AREA_MESSAGE = "Bạn không có quyền truy cập trang này";
