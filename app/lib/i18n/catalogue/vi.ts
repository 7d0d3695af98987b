/**
 * The storefront's Vietnamese texts: the shop's first language (decision 0021). The English
 * catalogue (en.ts) has exactly these keys; `npm test` fails on a key missing from either or
 * used nowhere. Only the server imports catalogues (app/server/i18n.server.ts): a page gets its
 * language's texts as loader data, so they never grow the JavaScript bundle.
 */
export const vi = {
  chrome: {
    skipToContent: "Bỏ qua, đến nội dung chính",
    homeOf: "{store}, trang chủ",
    mainNav: "Điều hướng chính",
    mobileNav: "Điều hướng",
    openMenu: "Mở menu",
    closeMenu: "Đóng menu",
    cart: { one: "Giỏ hàng, {count} sản phẩm", other: "Giỏ hàng, {count} sản phẩm" },
    announcement: "Thông báo của cửa hàng",
    deliverTo: "Giao đến:",
    chooseLocation: "Chọn nơi nhận",
  },
  nav: {
    home: "TRANG CHỦ",
    shop: "CỬA HÀNG",
    about: "VỀ CHÚNG TÔI",
    blog: "BLOG",
  },
  language: {
    switchTo: "Xem bằng tiếng Anh",
    otherName: "English",
  },
  footer: {
    about: "Giới thiệu",
    support: "Hỗ trợ",
    contact: "Liên hệ",
    social: "Mạng xã hội",
    onFacebook: "{store} trên Facebook (mở thẻ mới)",
    onInstagram: "{store} trên Instagram (mở thẻ mới)",
  },
  errors: {
    notFoundTitle: "Không tìm thấy trang",
    notFoundText: "Trang bạn tìm không tồn tại hoặc đã được chuyển đi.",
    returnHome: "Về trang chủ",
    shopAll: "Xem tất cả sản phẩm",
    productGone: "Sản phẩm này không tồn tại hoặc không còn bán.",
    collectionGone: "Danh mục này không tồn tại hoặc không còn hoạt động.",
    serverErrorTitle: "Đã xảy ra lỗi",
    unavailableTitle: "Cửa hàng tạm thời không phục vụ được",
    tryLater: "Vui lòng thử lại sau ít phút.",
    refusedTitle: "Yêu cầu bị từ chối",
    reopen: "Mở lại trang này",
  },
};
