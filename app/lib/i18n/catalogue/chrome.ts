/** The storefront's frame: header, menus, footer, language switch, error and not-found pages. */
const vi = {
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

const en: typeof vi = {
  chrome: {
    skipToContent: "Skip to main content",
    homeOf: "{store}, home",
    mainNav: "Main",
    mobileNav: "Mobile",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    cart: { one: "Cart, {count} item", other: "Cart, {count} items" },
    announcement: "Store announcement",
    deliverTo: "Deliver to:",
    chooseLocation: "Choose location",
  },
  nav: {
    home: "HOME",
    shop: "SHOP",
    about: "ABOUT US",
    blog: "BLOG",
  },
  language: {
    switchTo: "View in Vietnamese",
    otherName: "Tiếng Việt",
  },
  footer: {
    about: "About",
    support: "Support",
    contact: "Contact",
    social: "Social media",
    onFacebook: "{store} on Facebook (opens in a new tab)",
    onInstagram: "{store} on Instagram (opens in a new tab)",
  },
  errors: {
    notFoundTitle: "Oops! Page not found",
    notFoundText: "The page you are looking for does not exist or has moved.",
    returnHome: "Return to Home",
    shopAll: "Shop all products",
    productGone: "This product does not exist or is no longer available.",
    collectionGone: "This collection does not exist or is no longer available.",
    serverErrorTitle: "Something went wrong",
    unavailableTitle: "The shop is temporarily unavailable",
    tryLater: "Please try again in a few minutes.",
    refusedTitle: "Request refused",
    reopen: "Open this page again",
  },
};

export const chromeTexts = { vi, en };
