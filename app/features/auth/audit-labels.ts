/*
 * Readable Vietnamese names for the audit log (issue 18, decision 0030): the tables the triggers
 * of migration 0015 watch, and their most common columns. A column without a label is shown by
 * its name. Safe in the browser.
 */

export const auditEntityLabels: Record<string, string> = {
  orders: "Đơn hàng",
  order_items: "Dòng đơn hàng",
  products: "Sản phẩm",
  store_stock: "Tồn kho cửa hàng",
  categories: "Danh mục",
  product_images: "Ảnh sản phẩm",
  sections: "Section",
  section_content: "Nội dung section",
  pages: "Chính sách / bài viết",
  page_seo: "SEO",
  settings: "Cài đặt",
  theme: "Giao diện",
  discount_codes: "Mã giảm giá",
  customers: "Khách hàng",
  customer_addresses: "Địa chỉ khách hàng",
  blocked_phones: "Số điện thoại bị chặn",
  shipments: "Vận đơn",
  carrier_accounts: "Đơn vị vận chuyển",
  cod_remittances: "Đối soát COD",
  cod_remittance_lines: "Dòng đối soát COD",
  user_roles: "Vai trò nhân viên",
  staff_invitations: "Lời mời nhân viên",
  product_reviews: "Đánh giá sản phẩm",
  // What an export took out (action "export", decision 0046).
  newsletter_subscribers: "Người đăng ký bản tin",
  reports: "Báo cáo",
};

export const auditActionLabels: Record<string, string> = {
  insert: "Tạo mới",
  update: "Sửa",
  delete: "Xóa",
  export: "Xuất dữ liệu",
};

const fieldLabels: Record<string, string> = {
  status: "Trạng thái",
  payment_status: "Thanh toán",
  price: "Giá",
  compare_at_price: "Giá gốc",
  stock_quantity: "Tồn kho",
  quantity: "Số lượng",
  low_stock_threshold: "Ngưỡng sắp hết hàng",
  name: "Tên",
  sku: "SKU",
  slug: "Đường dẫn",
  description: "Mô tả",
  is_active: "Đang bật",
  is_featured: "Nổi bật",
  is_best_seller: "Bán chạy",
  track_stock: "Theo dõi tồn kho",
  category_id: "Danh mục",
  value: "Giá trị",
  palette: "Bảng màu",
  role: "Vai trò",
  email: "Email",
  notes: "Ghi chú",
  note: "Ghi chú",
  tracking_code: "Mã vận đơn",
  archived_at: "Lưu trữ lúc",
  content_value: "Nội dung",
  content_key: "Khóa nội dung",
  meta_title: "Tiêu đề SEO",
  meta_description: "Mô tả SEO",
  page_path: "Trang",
  sort_order: "Thứ tự",
  display_order: "Thứ tự",
  code: "Mã",
  type: "Loại",
  enabled: "Đang bật",
  total: "Tổng tiền",
  first_name: "Tên",
  last_name: "Họ",
  phone: "Số điện thoại",
  revoked_at: "Thu hồi lúc",
  accepted_at: "Nhận lời mời lúc",
  expires_at: "Hết hạn",
  user_id: "Tài khoản",
  accepted_user_id: "Tài khoản đã tạo",
  invited_by_user_id: "Người mời",
  token_hash: "Mã liên kết",
  filters: "Bộ lọc",
  rows: "Số dòng",
  stopped: "Dừng giữa chừng",
};

export function auditFieldLabel(field: string): string {
  return fieldLabels[field] ?? field;
}

export function auditEntityLabel(entityType: string): string {
  return auditEntityLabels[entityType] ?? entityType;
}
