/** The content pages' built-in texts (home, about, blog, technology): labels, links and metas around the editable content. */
const vi = {
  pages: {
    home: {
      metaTitle: "{store} | Máy tiệt trùng bàn chải UVC bỏ túi",
      metaDescription:
        "Máy tiệt trùng bàn chải UVC bỏ túi: diệt 99,9% vi khuẩn chỉ sau 3 phút. Giao hàng toàn quốc, thanh toán khi nhận hàng.",
      heroImage: "Máy tiệt trùng bàn chải UVC bỏ túi",
      opensNewTab: " (mở thẻ mới)",
      rating: "Được đánh giá {rating} trên 5 sao",
    },
    about: {
      eyebrow: "Về chúng tôi",
      shopAll: "Xem tất cả sản phẩm",
      technology: "Công nghệ của chúng tôi",
      howCycle: "Chu trình UVC hoạt động thế nào",
      shopNow: "MUA NGAY",
      metaTitle: "Về chúng tôi | {store}",
      metaDescription:
        "Máy tiệt trùng bàn chải UVC bỏ túi cho gia đình Việt và người hay đi xa: sứ mệnh và công nghệ của chúng tôi.",
      pageName: "Về {store}",
    },
    blog: {
      eyebrow: "Blog",
      notify: "Báo tôi khi có bài mới",
      articles: "Bài viết",
      readArticle: "Đọc bài viết",
      metaTitle: "Blog",
      metaDescription: "Mẹo giữ bàn chải sạch, danh sách đồ cần mang khi đi xa và khoa học về sự sạch sẽ từ đội ngũ UVC Care.",
      pageName: "Blog của {store}",
    },
    technology: {
      eyebrow: "Công nghệ UVC-C",
      manual: "Hướng dẫn sử dụng",
      from: "– chỉ từ {price}",
      heroImage: "Máy tiệt trùng UVC màu trắng trên bàn chải, phát sáng trong chu trình",
      metaTitle: "Công nghệ UVC-C hoạt động thế nào | {store}",
      metaDescription:
        "Ánh sáng UVC-C bước sóng 270–280nm diệt 99,9% vi khuẩn trên bàn chải trong 3 phút: lợi ích, thông số, bảo hành và hướng dẫn sử dụng.",
      pageName: "Công nghệ UVC-C",
    },
  },
};

const en: typeof vi = {
  pages: {
    home: {
      metaTitle: "{store} | Portable UVC toothbrush sterilizers",
      metaDescription:
        "Portable UVC toothbrush sterilizers: 99.9% of bacteria eliminated in a 3-minute cycle. Delivery across Vietnam, cash on delivery.",
      heroImage: "Portable UVC toothbrush sterilizers",
      opensNewTab: " (opens in a new tab)",
      rating: "Rated {rating} out of 5",
    },
    about: {
      eyebrow: "About us",
      shopAll: "Shop all products",
      technology: "Our technology",
      howCycle: "How the UVC cycle works",
      shopNow: "SHOP NOW",
      metaTitle: "About us | {store}",
      metaDescription:
        "Portable UVC toothbrush sterilizers for Vietnamese families and travellers: our mission and our technology.",
      pageName: "About {store}",
    },
    blog: {
      eyebrow: "Blog",
      notify: "Tell me when they are out",
      articles: "Articles",
      readArticle: "Read the article",
      metaTitle: "Blog",
      metaDescription: "Brush-care tips, travel checklists and the science of clean from the UVC Care team.",
      pageName: "{store} blog",
    },
    technology: {
      eyebrow: "UVC-C technology",
      manual: "User manual",
      from: "– from {price}",
      heroImage: "White UVC sterilizer on a toothbrush, glowing during a cycle",
      metaTitle: "UVC-C technology: how it works | {store}",
      metaDescription:
        "How UVC-C light at 270–280nm eliminates 99.9% of bacteria on a toothbrush in 3 minutes: benefits, specifications, warranty and user manual.",
      pageName: "UVC-C technology",
    },
  },
};

export const pagesTexts = { vi, en };
