import {
  BarChart3,
  FileText,
  FolderTree,
  History,
  HandCoins,
  LayoutDashboard,
  LayoutTemplate,
  Mail,
  MessageSquareText,
  Newspaper,
  Package,
  Palette,
  PlugZap,
  Search,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Store,
  TicketPercent,
  Truck,
  UserCog,
  Users,
  type IconComponent,
} from "~/components/ui/icons";

export interface AdminNavItem {
  to: string;
  label: string;
  icon: IconComponent;
  /** One line on the dashboard card. */
  description: string;
}

/** The admin sidebar (SPEC "Admin login and guard"), in order. */
export const adminNavItems: AdminNavItem[] = [
  { to: "/admin", label: "Tổng quan", icon: LayoutDashboard, description: "Tình hình cửa hàng trong nháy mắt." },
  {
    to: "/admin/orders",
    label: "Đơn hàng",
    icon: ShoppingCart,
    description: "Xem đơn mới, chi tiết giao hàng và cập nhật trạng thái đơn.",
  },
  {
    to: "/admin/shipments",
    label: "Vận chuyển",
    icon: Truck,
    description: "Vận đơn, mã vận đơn từ tệp CSV, giao thất bại và hàng hoàn.",
  },
  {
    to: "/admin/cod",
    label: "Đối soát COD",
    icon: HandCoins,
    description: "Nhập tệp chuyển tiền thu hộ của hãng vận chuyển, xử lý chênh lệch, xem COD chưa đối soát.",
  },
  {
    to: "/admin/customers",
    label: "Khách hàng",
    icon: Users,
    description: "Tra cứu khách hàng, lịch sử mua hàng và xuất CSV.",
  },
  {
    to: "/admin/newsletter",
    label: "Bản tin",
    icon: Newspaper,
    description: "Người đăng ký nhận bản tin: tìm kiếm, hủy đăng ký và xuất CSV.",
  },
  {
    to: "/admin/categories",
    label: "Danh mục",
    icon: FolderTree,
    description: "Tạo và sắp xếp các danh mục hiển thị trên cửa hàng.",
  },
  {
    to: "/admin/products",
    label: "Sản phẩm",
    icon: Package,
    description: "Thêm, sửa sản phẩm, giá bán và tồn kho.",
  },
  {
    to: "/admin/stores",
    label: "Cửa hàng",
    icon: Store,
    description: "Địa chỉ, giờ mở cửa, bản đồ và tồn kho của từng cửa hàng.",
  },
  {
    to: "/admin/reviews",
    label: "Đánh giá",
    icon: MessageSquareText,
    description: "Duyệt, ẩn và trả lời đánh giá của người mua; xóa đánh giá mẫu.",
  },
  {
    to: "/admin/discounts",
    label: "Mã giảm giá",
    icon: TicketPercent,
    description: "Tạo mã giảm theo %, số tiền hoặc miễn phí vận chuyển; thời hạn và giới hạn lượt dùng.",
  },
  {
    to: "/admin/sections",
    label: "Sections",
    icon: LayoutTemplate,
    description: "Bật, tắt, sắp xếp và sửa nội dung các khối trên từng trang.",
  },
  {
    to: "/admin/pages",
    label: "Chính sách & Blog",
    icon: FileText,
    description: "Chính sách giao hàng, đổi trả, bảo mật, điều khoản và các bài viết blog, bằng hai ngôn ngữ.",
  },
  {
    to: "/admin/reports",
    label: "Báo cáo",
    icon: BarChart3,
    description: "Doanh thu, số đơn, khách hàng và sản phẩm bán chạy theo kỳ.",
  },
  {
    to: "/admin/settings",
    label: "Cài đặt",
    icon: Settings,
    description: "Thông tin cửa hàng, phí vận chuyển và mẫu email.",
  },
  {
    to: "/admin/carriers",
    label: "Đơn vị vận chuyển",
    icon: PlugZap,
    description: "Kết nối GHN: token, mã cửa hàng, webhook cập nhật trạng thái và phí ước tính.",
  },
  {
    to: "/admin/seo",
    label: "SEO",
    icon: Search,
    description: "Tiêu đề, mô tả, ảnh chia sẻ và dữ liệu có cấu trúc cho từng trang.",
  },
  { to: "/admin/theme", label: "Giao diện", icon: Palette, description: "Bảng màu thương hiệu của cửa hàng." },
  {
    to: "/admin/emails",
    label: "Email",
    icon: Mail,
    description: "Hộp thư đi: email xác nhận và giao hàng gửi cho khách.",
  },
  {
    to: "/admin/staff",
    label: "Nhân viên",
    icon: UserCog,
    description: "Mời nhân viên qua email, đổi vai trò, thu hồi lời mời và xóa tài khoản.",
  },
  {
    to: "/admin/audit",
    label: "Nhật ký thay đổi",
    icon: History,
    description: "Ai đã thay đổi gì, lúc nào: giá trị trước và sau của từng thay đổi.",
  },
];

export const securityNavItem: AdminNavItem = {
  to: "/admin/security",
  label: "Bảo mật",
  icon: ShieldCheck,
  description: "Xác thực hai lớp (TOTP) cho tài khoản của bạn.",
};

/** The page title of an admin screen: "Đơn hàng · Quản trị UVC Care". */
export function adminTitle(page: string, storeName?: string): string {
  return `${page} · Quản trị${storeName ? ` ${storeName}` : ""}`;
}

/** Head tags of an admin screen: its title, and never indexed by search engines. */
export function adminMeta(page: string) {
  return [{ title: adminTitle(page) }, { name: "robots", content: "noindex, nofollow" }];
}
