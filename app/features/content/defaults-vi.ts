import type {
  Article,
  Benefit,
  ContentLink,
  Feature,
  GalleryImage,
  Indicator,
  SocialLinks,
  Spec,
  Step,
  Testimonial,
} from "./content.schema";
import { MANUAL_PDF_URL } from "./manual";
import type { ContentDefaults } from "./defaults";

/**
 * The Vietnamese built-in content of every storefront page: the same pages, sections, keys and
 * list lengths as `contentDefaults` (English), with every shopper-visible text in Vietnamese.
 * Images, colours, icons, ids, numbers, links and the placeholders `{free_shipping_threshold}`
 * and `{year}` are the same as in English (defaults-vi.test.ts checks both).
 */

const homeSteps: Step[] = [
  {
    number: 1,
    title: "Đánh răng như thường lệ",
    description: "Sau khi đánh răng, tráng sạch bàn chải và vẩy nhẹ cho ráo nước.",
  },
  {
    number: 2,
    title: "Lồng máy vào bàn chải",
    description:
      "Lồng máy tiệt trùng vào đầu bàn chải. Máy vừa cả bàn chải thường lẫn bàn chải điện có đầu rộng 10–15 mm.",
  },
  {
    number: 3,
    title: "Nhấn nút và yên tâm",
    description: "Chỉ một lần nhấn, máy chạy chu trình UVC 270–280 nm trong 3 phút và tự tắt khi hoàn tất.",
  },
];

const homeFeatures: Feature[] = [
  {
    id: 1,
    icon: "shield-check",
    title: "Diệt 99,9% vi khuẩn",
    description: "Tia UVC bước sóng 270–280 nm phá hủy vi khuẩn trên lông bàn chải, không hóa chất, không để lại cặn.",
    highlight: "99,9%",
  },
  {
    id: 2,
    icon: "timer",
    title: "Chu trình 3 phút",
    description: "Một chu trình chạy xong trong lúc bạn thay đồ, sau đó đèn tự tắt.",
    highlight: "3 phút",
  },
  {
    id: 3,
    icon: "feather",
    title: "Chỉ 35 g",
    description: "Nhẹ hơn một bánh xà phòng, nhỏ gọn vừa túi áo sơ mi, túi đồ tập gym hay hành lý xách tay.",
    highlight: "35 g",
  },
  {
    id: 4,
    icon: "battery-charging",
    title: "Hơn 30 chu trình mỗi lần sạc",
    description: "Sạc USB-C khoảng 2 giờ là dùng hằng ngày được cả tháng, với viên pin bền bỉ đến 2 năm.",
    highlight: "30+",
  },
];

const homeBenefits: Benefit[] = [
  {
    id: 1,
    icon: "users",
    title: "Cho cả gia đình",
    items: [
      "Mỗi thành viên một màu riêng, không còn lo dùng nhầm bàn chải",
      "Không hóa chất: không xịt, không viên sủi, chỉ dùng ánh sáng",
      "Đầu bàn chải luôn được che kín, tránh hơi ẩm trong phòng tắm",
    ],
    color: "mint-green",
  },
  {
    id: 2,
    icon: "plane",
    title: "Cho người hay đi xa",
    items: [
      "Chỉ 35 g, nhỏ gọn bỏ túi, vừa mọi hành lý xách tay",
      "Hơn 30 chu trình mỗi lần sạc: đi xa cả tháng không cần mang cáp",
      "Bàn chải luôn được che kín và sạch sẽ trong túi",
    ],
    color: "lavender",
  },
  {
    id: 3,
    icon: "heart-pulse",
    title: "Cho thói quen lành mạnh",
    items: [
      "Hạn chế vi khuẩn quay lại khoang miệng sau khi bị cảm, cúm",
      "Lý tưởng cho người niềng răng, trồng răng implant và nướu nhạy cảm",
      "Bàn chải luôn sạch như mới cho đến lần thay tiếp theo",
    ],
    color: "butter-yellow",
  },
];

const homeTestimonials: Testimonial[] = [
  {
    id: 1,
    name: "Nguyễn Thu Hà",
    role: "Mẹ của hai bé, Hà Nội",
    text: "Hai bé nhà mình đánh răng xong là tranh nhau gắn bàn chải vào máy. Màu hồng với màu xanh biến việc này thành trò chơi, còn mình thì hết lo cái phòng tắm lúc nào cũng ẩm.",
    rating: 5,
  },
  {
    id: 2,
    name: "Trần Minh Khoa",
    role: "Hay bay công tác, TP. Hồ Chí Minh",
    text: "Tuần nào mình cũng bay công tác hai chuyến. Máy nhẹ tênh, sạc một lần dùng được mấy tuần, bàn chải cũng không còn phải nằm ướt trong túi nilon nữa.",
    rating: 5,
  },
  {
    id: 3,
    name: "Lê Phương Anh",
    role: "Kỹ thuật viên nha khoa, Đà Nẵng",
    text: "Mình hay giới thiệu máy cho bệnh nhân đang niềng răng hoặc trồng implant. Ba phút UVC sau khi đánh răng là thói quen rất dễ duy trì.",
    rating: 4,
  },
];

const homeIndicators: Indicator[] = [
  {
    id: 1,
    icon: "badge-check",
    title: "Bảo hành 12 tháng",
    description: "Đổi mới miễn phí nếu máy có lỗi do nhà sản xuất trong năm đầu tiên.",
    badge: "12 tháng",
  },
  {
    id: 2,
    icon: "rotate-ccw",
    title: "Hoàn tiền trong 30 ngày",
    description: "Chưa hài lòng? Gửi trả trong vòng 30 ngày để được hoàn tiền 100%.",
    badge: "30 ngày",
  },
  {
    id: 3,
    icon: "truck",
    title: "Miễn phí giao hàng",
    description: "Cho mọi đơn hàng từ {free_shipping_threshold}, giao đến mọi tỉnh thành trên cả nước.",
    badge: "Toàn quốc",
  },
  {
    id: 4,
    icon: "wallet",
    title: "Thanh toán khi nhận hàng",
    description: "Trả tiền cho nhân viên giao hàng khi nhận được đơn. Không cần thẻ.",
    badge: "COD",
  },
];

const homeGallery: GalleryImage[] = [
  { id: 1, image: "/images/home/gallery-1.svg", alt: "Máy tiệt trùng màu trắng trên kệ phòng tắm, cạnh chậu cây xanh" },
  {
    id: 2,
    image: "/images/home/gallery-2.svg",
    alt: "Máy tiệt trùng màu xanh dương trong túi du lịch, cạnh cuốn hộ chiếu",
  },
  { id: 3, image: "/images/home/gallery-3.svg", alt: "Máy tiệt trùng màu hồng cùng bàn chải trẻ em và chú vịt cao su" },
  {
    id: 4,
    image: "/images/home/gallery-4.svg",
    alt: "Máy tiệt trùng màu đen trên bàn làm việc, cạnh laptop và ly cà phê",
  },
  { id: 5, image: "/images/home/gallery-5.svg", alt: "Đủ bốn màu xếp thành hàng trên nền xanh bạc hà" },
  {
    id: 6,
    image: "/images/home/gallery-6.svg",
    alt: "Máy tiệt trùng phát ánh sáng tím trong một chu trình UVC ban đêm",
  },
  { id: 7, image: "/images/home/gallery-7.svg", alt: "Máy tiệt trùng đang sạc qua cổng USB-C trên tủ đầu giường" },
  { id: 8, image: "/images/home/gallery-8.svg", alt: "Túi đi biển với máy tiệt trùng màu hồng, kính râm và mũ" },
];

const aboutLinks: ContentLink[] = [
  { text: "Về chúng tôi", url: "/about" },
  { text: "Công nghệ UVC", url: "/technology" },
  { text: "Tất cả sản phẩm", url: "/shop" },
  { text: "Máy tiệt trùng UVC", url: "/collections/sterilizers" },
  { text: "Phụ kiện", url: "/collections/accessories" },
  { text: "Combo ưu đãi", url: "/collections/bundles" },
  { text: "Blog", url: "/blog" },
];

const supportLinks: ContentLink[] = [
  { text: "Tìm kiếm sản phẩm", url: "/search" },
  { text: "Hệ thống cửa hàng", url: "/stores" },
  { text: "Giỏ hàng của bạn", url: "/cart" },
  { text: "Bảo hành & đổi trả", url: "/technology#warranty" },
  { text: "Thông tin giao hàng", url: "/about#why-choose" },
  { text: "Hỗ trợ qua email", url: "mailto:hello@uvccare.vn" },
];

const socialLinks: SocialLinks = {
  facebook: "https://www.facebook.com/uvccare.vn",
  instagram: "https://www.instagram.com/uvccare.vn",
};

const aboutWhyChoose: string[] = [
  "Diệt 99,9% vi khuẩn chỉ sau một chu trình 3 phút",
  "Tia UVC-C bước sóng 270–280 nm: không hóa chất, không để lại cặn",
  "Chỉ nặng 35 g, bỏ vừa túi áo",
  "Hơn 30 chu trình mỗi lần sạc; sạc đầy trong khoảng 2 giờ",
  "Vừa đầu bàn chải rộng 10–15 mm, cả bàn chải thường lẫn bàn chải điện",
  "Pin bền 2 năm, bảo hành 12 tháng và hoàn tiền trong 30 ngày",
  "Miễn phí giao hàng cho đơn từ {free_shipping_threshold}, thanh toán khi nhận hàng",
];

const blogArticles: Article[] = [
  {
    id: 1,
    title: "Bao lâu nên thay bàn chải đánh răng một lần?",
    excerpt: "Nha sĩ khuyên gì, và vì sao giữ lông bàn chải sạch giữa hai lần thay lại quan trọng.",
    category: "Chăm sóc răng miệng",
    status: "Sắp ra mắt",
    image: "/images/home/gallery-3.svg",
    image_alt: "Máy tiệt trùng màu hồng cùng bàn chải trẻ em và chú vịt cao su",
    date: "Tháng 12/2026",
  },
  {
    id: 2,
    title: "Chuẩn bị túi đồ vệ sinh sạch sẽ cho chuyến về quê ăn Tết",
    excerpt: "Danh sách cần mang cho những chuyến xe đường dài, những ngày thăm họ hàng và phòng tắm khách sạn.",
    category: "Du lịch",
    status: "Sắp ra mắt",
    image: "/images/home/gallery-2.svg",
    image_alt: "Máy tiệt trùng màu xanh dương trong túi du lịch, cạnh cuốn hộ chiếu",
    date: "Tháng 1/2027",
  },
  {
    id: 3,
    title: "Tia UVC 270–280 nm thực sự làm được gì?",
    excerpt: "Khoa học đằng sau việc tiệt trùng bằng tia UVC, giải thích dễ hiểu, không thuật ngữ khó.",
    category: "Khoa học",
    status: "Sắp ra mắt",
    image: "/images/home/gallery-6.svg",
    image_alt: "Máy tiệt trùng phát ánh sáng tím trong một chu trình UVC ban đêm",
    date: "Tháng 2/2027",
  },
];

const technologySteps: Step[] = [
  {
    number: 1,
    title: "Lồng máy vào đầu bàn chải",
    description:
      "Lồng máy tiệt trùng vào đầu bàn chải đã tráng sạch, bàn chải thường hay bàn chải điện đều được, đầu rộng 10–15 mm. Nắp máy bao trọn lông bàn chải từ mọi phía.",
  },
  {
    number: 2,
    title: "Tia UVC-C bước sóng 270–280 nm",
    description:
      "Nhấn nút một lần. Các đèn LED bên trong nắp chiếu tia UVC-C bước sóng 270–280 nm lên mọi mặt của lông bàn chải.",
  },
  {
    number: 3,
    title: "Diệt 99,9% vi khuẩn",
    description:
      "Tia UVC phá hủy DNA và RNA của vi khuẩn khiến chúng không thể sinh sôi. Sau 3 phút, chu trình kết thúc và đèn tự tắt.",
  },
];

const technologyBenefits: Benefit[] = [
  {
    id: 1,
    icon: "users",
    title: "Cho cả gia đình",
    items: [
      "Bốn màu (trắng, đen, xanh dương, hồng) để bàn chải của ai người nấy dùng",
      "Không hóa chất, không xịt, không viên sủi: chỉ dùng ánh sáng, an toàn cho trẻ nhỏ",
      "Bàn chải luôn được che kín, tránh hơi ẩm phòng tắm và không chạm vào nhau",
      "Ánh sáng chỉ chiếu bên trong nắp máy và tự tắt sau 3 phút",
    ],
    color: "mint-green",
  },
  {
    id: 2,
    icon: "plane",
    title: "Cho người hay đi xa",
    items: [
      "Chỉ 35 g, nhỏ gọn bỏ túi: vừa mọi túi đồ cá nhân hay hành lý xách tay",
      "Hơn 30 chu trình mỗi lần sạc: xa nhà cả tháng không cần mang cáp",
      "Sạc USB-C khoảng 2 giờ, từ laptop, sạc dự phòng hay củ sạc",
      "Bàn chải luôn được che kín, sạch sẽ trong phòng tắm khách sạn, trên xe giường nằm hay trên máy bay",
    ],
    color: "lavender",
  },
];

const technologySpecs: Spec[] = [
  { label: "Tỷ lệ diệt khuẩn", value: "99,9%" },
  { label: "Chu trình", value: "3 phút, tự động tắt" },
  { label: "Bước sóng UVC", value: "270–280 nm (UVC-C)" },
  { label: "Trọng lượng", value: "35 g" },
  { label: "Số chu trình mỗi lần sạc", value: "Hơn 30" },
  { label: "Thời gian sạc", value: "Khoảng 2 giờ (USB-C)" },
  { label: "Tuổi thọ pin", value: "2 năm" },
  { label: "Đường kính đầu bàn chải", value: "10–15 mm, bàn chải thường hoặc bàn chải điện" },
];

const technologyWarranty: Indicator[] = [
  {
    id: 1,
    icon: "badge-check",
    title: "Bảo hành 12 tháng",
    description: "Mọi lỗi do nhà sản xuất trong 12 tháng đầu đều được sửa chữa hoặc đổi mới miễn phí.",
    badge: "12 tháng",
  },
  {
    id: 2,
    icon: "rotate-ccw",
    title: "Cam kết hoàn tiền trong 30 ngày",
    description: "Chưa thật sự ưng ý? Gửi trả trong vòng 30 ngày kể từ khi nhận hàng để được hoàn tiền 100%.",
    badge: "30 ngày",
  },
  {
    id: 3,
    icon: "battery-charging",
    title: "Pin bền bỉ đến 2 năm",
    description: "Thiết kế cho 2 năm sử dụng hằng ngày, hơn 30 chu trình cho mỗi lần sạc.",
    badge: "2 năm",
  },
];

export const contentDefaultsVi: ContentDefaults = {
  home: {
    hero: {
      background_image: "/images/home/hero.svg",
      heading: "Bàn chải sạch khuẩn,",
      heading_highlight: "mỗi ngày",
      description:
        "Máy tiệt trùng UVC bỏ túi diệt 99,9% vi khuẩn trên đầu bàn chải chỉ trong 3 phút, dù ở nhà hay trên đường đi.",
      sub_description:
        "Miễn phí giao hàng từ {free_shipping_threshold} · Thanh toán khi nhận hàng · Hoàn tiền trong 30 ngày",
      button_text: "MUA NGAY",
      cta_text: "Xem cách hoạt động",
    },
    brand_description: {
      background_image: "/images/home/lifestyle-bathroom.svg",
      heading: "Nhỏ gọn vừa túi áo,",
      heading_highlight: "đủ mạnh cho cả gia đình",
      description:
        "Cứ ba tháng chúng ta lại thay bàn chải, nhưng hiếm khi nghĩ đến những gì sinh sôi trên đó giữa hai lần thay. Máy tiệt trùng 35 g của chúng tôi lồng vừa mọi đầu bàn chải, chỉ cần nhấn nút là chạy một chu trình 3 phút với tia UVC bước sóng 270–280 nm.",
      sub_description:
        "Một lần sạc USB-C khoảng 2 giờ cho hơn 30 chu trình: đủ dùng hằng ngày trong một tháng, kèm bảo hành 12 tháng.",
      background_color: "#f0f7f7",
    },
    color_chooser: {
      heading: "Chọn màu bạn thích",
      subtitle: "Bốn màu sắc, một lời hứa: bàn chải sạch hơn mỗi sáng. Mỗi thành viên trong nhà một màu riêng.",
      color_1_name: "Trắng",
      color_2_name: "Đen",
      color_3_name: "Xanh dương",
      color_4_name: "Hồng",
      button_text: "Mua màu này",
    },
    how_it_works: {
      heading: "Cách hoạt động",
      subtitle: "Ba bước, ba phút, không hóa chất.",
      steps: homeSteps,
    },
    why_choose: {
      heading: "Vì sao chọn",
      heading_highlight: "UVC Care",
      description:
        "Công nghệ UVC-C đã được kiểm chứng, gói gọn trong chiếc máy tiệt trùng nhẹ hơn cả điện thoại của bạn.",
      features: homeFeatures,
    },
    lifestyle_benefits: {
      heading: "Hợp với mọi nhịp sống",
      description: "Dù bạn đang soạn cặp sách cho con hay cầm thẻ lên máy bay, bàn chải sạch luôn theo bạn.",
      benefits: homeBenefits,
      background_image: "/images/home/lifestyle-travel.svg",
      lifestyle_heading: "Sạch sẽ trên mọi hành trình",
      lifestyle_description:
        "Từ chuyến đi Đà Lạt cuối tuần đến chuyến công tác Singapore, bàn chải của bạn trở về vẫn sạch như lúc lên đường.",
      button_text: "Xem đồ dùng du lịch",
    },
    testimonials: {
      heading: "Được nhiều gia đình Việt tin dùng",
      subtitle: "Thói quen thật từ những khách hàng thật.",
      testimonials: homeTestimonials,
    },
    trust_indicators: {
      heading: "Yên tâm mua sắm",
      indicators: homeIndicators,
    },
    instagram_gallery: {
      heading: "#UVCCareVN",
      subtitle: "Chia sẻ thói quen sạch của bạn và gắn thẻ @uvccare.vn để có cơ hội xuất hiện tại đây.",
      button_text: "Theo dõi chúng tôi trên Instagram",
      images: homeGallery,
    },
  },
  about: {
    intro: {
      title: "Về UVC Care",
      description:
        "UVC Care làm ra máy tiệt trùng bàn chải đánh răng UVC cầm tay cho các gia đình, cho người hay đi xa và cho bất kỳ ai quan tâm đến thứ mình đưa vào miệng mỗi sáng, mỗi tối.",
    },
    mission: {
      heading: "Sứ mệnh của chúng tôi",
      description:
        "Giữa hai lần đánh răng, bàn chải nằm trong phòng tắm ấm và ẩm. Sứ mệnh của chúng tôi là biến bàn chải sạch khuẩn thành một thói quen hằng ngày thật nhẹ nhàng cho mọi gia đình Việt Nam, không hóa chất, không phiền phức.",
    },
    technology: {
      heading: "Công nghệ",
      description:
        "Tia cực tím dải UVC, bước sóng 270–280 nm, phá hủy DNA và RNA của vi khuẩn và virus khiến chúng không thể sinh sôi. Máy tiệt trùng của chúng tôi bao quanh đầu bàn chải bằng các đèn LED UVC, chạy một chu trình 3 phút diệt 99,9% vi khuẩn rồi tự tắt.",
    },
    why_choose: {
      heading: "Vì sao chọn UVC Care",
      items: aboutWhyChoose,
    },
  },
  blog: {
    header: {
      heading: "Góc chia sẻ UVC Care",
      description:
        "Mẹo chăm sóc bàn chải, danh sách đồ cần mang khi đi xa và khoa học về sự sạch sẽ. Những bài viết đầu tiên sắp ra mắt.",
    },
    articles: {
      articles: blogArticles,
    },
  },
  technology: {
    hero: {
      heading: "Khoa học đằng sau",
      heading_highlight: "chiếc bàn chải sạch hơn",
      description:
        "Tia cực tím dải UVC-C đã được dùng để khử trùng phòng bệnh viện và nước uống suốt nhiều thập kỷ. Chúng tôi đưa công nghệ ấy vào chiếc nắp chỉ 35 g, diệt 99,9% vi khuẩn trên đầu bàn chải trong 3 phút.",
      button_text: "MUA NGAY",
    },
    how_it_works: {
      heading: "Cách hoạt động",
      subtitle: "Một nút bấm, một chu trình 3 phút, không hóa chất, không dùng nhiệt.",
      steps: technologySteps,
    },
    benefits: {
      heading: "Dành cho gia đình và người hay đi xa",
      description: "Cùng một công nghệ, ở nhà hay trên đường đi.",
      benefits: technologyBenefits,
    },
    specifications: {
      heading: "Thông số kỹ thuật",
      description: "Tất cả gói gọn trong chiếc máy nhỏ hơn lòng bàn tay.",
      specs: technologySpecs,
    },
    warranty: {
      heading: "Bảo hành và cam kết",
      description:
        "Mọi máy tiệt trùng đều được bảo hành 12 tháng. Chỉ cần liên hệ với chúng tôi kèm mã đơn hàng, chúng tôi sẽ sắp xếp sửa chữa hoặc đổi mới và chịu toàn bộ phí vận chuyển.",
      indicators: technologyWarranty,
    },
    manual: {
      heading: "Hướng dẫn sử dụng",
      description:
        "Cách sạc, sử dụng hằng ngày, vệ sinh máy, lưu ý an toàn và thông số đầy đủ: tải hướng dẫn sử dụng dạng PDF.",
      button_text: "Tải hướng dẫn sử dụng (PDF)",
      manual_url: MANUAL_PDF_URL.vi,
    },
    cta: {
      heading: "Sẵn sàng cho chiếc bàn chải sạch hơn?",
      description:
        "Miễn phí giao hàng từ {free_shipping_threshold}, thanh toán khi nhận hàng và hoàn tiền trong 30 ngày.",
      button_text: "MUA NGAY",
    },
  },
  footer: {
    brand: {
      tagline: "Máy tiệt trùng bàn chải đánh răng UVC bỏ túi cho gia đình Việt và những người hay đi xa.",
    },
    newsletter: {
      newsletter_heading: "Giảm 10% cho đơn hàng đầu tiên",
      newsletter_description: "Đăng ký nhận bản tin để có mẹo chăm sóc bàn chải, tin màu mới và mã chào mừng giảm 10%.",
      button_text: "ĐĂNG KÝ",
    },
    links: {
      about_links: aboutLinks,
      support_links: supportLinks,
    },
    contact: {
      support_hours: "Thứ 2 – Thứ 7, 8:00–20:00 (GMT+7)",
      support_email: "hello@uvccare.vn",
      button_text: "LIÊN HỆ",
      social_links: socialLinks,
    },
    bottom: {
      copyright: "© {year} UVC Care. Bảo lưu mọi quyền.",
    },
  },
  top_bar: {
    announcement: {
      text: "Miễn phí giao hàng cho đơn từ {free_shipping_threshold} · Thanh toán khi nhận hàng toàn quốc",
      background_color: "#222f38",
    },
  },
};
