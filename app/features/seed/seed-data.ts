import type { DemoReview } from "~/features/reviews/reviews.schema";
import type {
  NewCategory,
  NewDiscountCode,
  NewPageSeo,
  NewProduct,
  NewStoreLocation,
  ProductColor,
  ProductTexts,
} from "~/db/schema";
import { DEFAULT_STORE_NAME } from "~/features/settings/store-name";
import { colorLabels } from "~/features/catalog/search-text";
import { localizedPath } from "~/lib/i18n/locale";

export { colorLabels };

/**
 * The demo catalogue written on first start (app/features/seed/seed.server.ts): categories, the
 * sterilizer in four colours, the travel case, two bundles, their images, the shops with their
 * stock, discount codes and page SEO. Claims match SPEC §1. Money is in whole đồng.
 * Categories and products carry their English texts (`translations.en`, every field), page SEO
 * has an English row at each page's /en path: the English storefront shows them.
 */

const STORE_NAME = DEFAULT_STORE_NAME;

// ---------------------------------------------------------------------------------------------
// Categories

export type SeedCategory = Omit<NewCategory, "id" | "createdAt" | "updatedAt"> & { slug: string };

export const seedCategories: SeedCategory[] = [
  {
    name: "Máy tiệt trùng UVC",
    slug: "sterilizers",
    description:
      "Máy tiệt trùng bàn chải đánh răng UVC nhỏ gọn: diệt 99,9% vi khuẩn trong 3 phút, không hóa chất, sạc USB-C, bốn màu Trắng, Đen, Xanh dương và Hồng.",
    image: "/images/categories/sterilizers.svg",
    translations: {
      en: {
        name: "UVC Sterilizers",
        description:
          "A compact UVC toothbrush sterilizer that kills 99.9% of bacteria in 3 minutes, with no chemicals and USB-C charging, in four colours: White, Black, Blue and Pink.",
      },
    },
    isActive: true,
    displayOrder: 0,
  },
  {
    name: "Phụ kiện",
    slug: "accessories",
    description: "Hộp đựng du lịch và phụ kiện giúp máy tiệt trùng luôn gọn gàng, an toàn trên mọi hành trình.",
    image: "/images/categories/accessories.svg",
    translations: {
      en: {
        name: "Accessories",
        description:
          "A travel case and accessories that keep your sterilizer tidy and protected wherever the road takes you.",
      },
    },
    isActive: true,
    displayOrder: 1,
  },
  {
    name: "Combo ưu đãi",
    slug: "bundles",
    description:
      "Combo tiết kiệm cho cả gia đình và cho những chuyến đi: nhiều hơn, giá tốt hơn, đóng hộp sẵn làm quà.",
    image: "/images/categories/bundles.svg",
    translations: {
      en: {
        name: "Bundle Deals",
        description:
          "Money-saving bundles for the whole family and for your travels: more in the box, a better price, gift-boxed and ready to give.",
      },
    },
    isActive: true,
    displayOrder: 2,
  },
];

// ---------------------------------------------------------------------------------------------
// Products

export interface SeedImage {
  /** A path under /images/products/. */
  url: string;
  alt: string;
  /** The English alt (decision 0021). */
  altEn: string;
  width: number;
  height: number;
}

/** Units on hand in each shop, keyed by the shop's name (see seedStoreLocations). */
export type SeedStoreStock = Record<string, number>;

export type SeedProduct = Omit<
  NewProduct,
  "id" | "categoryId" | "slug" | "searchText" | "createdAt" | "updatedAt" | "sku" | "name" | "price"
> & {
  sku: string;
  name: string;
  price: number;
  /** Resolved to category_id by slug. */
  categorySlug: string;
  /** Defaults to slugify(name). */
  slug?: string;
  /** A variant's product, by SKU (resolved to parent_id; the product is seeded first). */
  parentSku?: string;
  /** In display order; the first is the cover. */
  images: SeedImage[];
  storeStock: SeedStoreStock;
};

const PRODUCT_IMAGE_SIZE = { width: 800, height: 800 } as const;

function productImages(...images: Array<[file: string, alt: string, altEn: string]>): SeedImage[] {
  return images.map(([file, alt, altEn]) => ({ url: `/images/products/${file}`, alt, altEn, ...PRODUCT_IMAGE_SIZE }));
}

/** Every short label a seeded product shows (features, use cases, materials, badges, tags), with its English. */
const labelsInEnglish = {
  // Features
  "Diệt 99,9% vi khuẩn": "Kills 99.9% of bacteria",
  "Chu trình 3 phút": "3-minute cycle",
  "UVC 270–280 nm": "UVC 270–280 nm",
  "Sạc USB-C": "USB-C charging",
  "Tự ngắt an toàn": "Automatic safety shut-off",
  "Chống sốc": "Shockproof",
  "Chống thấm nước": "Water-resistant",
  "Ngăn đựng cáp sạc": "Charging cable pocket",
  // Use cases
  "Gia đình": "Family",
  "Du lịch": "Travel",
  "Văn phòng": "Office",
  "Công tác": "Business trips",
  "Trẻ em": "Kids",
  "Quà tặng": "Gift",
  // Materials
  "Nhựa ABS an toàn": "Safe ABS plastic",
  "Silicone kháng khuẩn": "Antibacterial silicone",
  "Đèn LED UVC": "UVC LED",
  "Vỏ EVA": "EVA shell",
  "Lót nhung": "Velvet lining",
  "Khóa kéo kim loại": "Metal zip",
  // Badges
  "Bán chạy": "Best seller",
  Mới: "New",
  "Phụ kiện": "Accessory",
  "Combo tiết kiệm": "Value bundle",
  "Tiết kiệm 90.000 ₫": "Save 90.000 ₫",
  "Tiết kiệm 81.000 ₫": "Save 81.000 ₫",
  // Tags
  UVC: "UVC",
  "Không hóa chất": "Chemical-free",
  "Bỏ túi": "Pocket-size",
  Combo: "Bundle",
} as const;

type Label = keyof typeof labelsInEnglish;
type LabelField = "features" | "useCases" | "materials" | "badges" | "tags";

/**
 * A product as written below: its labels are keys of labelsInEnglish (so each has its English),
 * its other English texts are written beside the Vietnamese ones (`en`). seedProduct turns it into
 * the row the seed inserts, with `translations.en` complete.
 */
type ProductDraft = Omit<SeedProduct, LabelField | "translations"> &
  Record<LabelField, Label[]> & { en: Omit<ProductTexts, LabelField> };

function seedProduct({ en, ...product }: ProductDraft): SeedProduct {
  const english = (labels: Label[]) => labels.map((label) => labelsInEnglish[label]);
  return {
    ...product,
    translations: {
      en: {
        ...en,
        features: english(product.features),
        useCases: english(product.useCases),
        materials: english(product.materials),
        badges: english(product.badges),
        tags: english(product.tags),
      },
    },
  };
}

/** The sterilizer: one product, its four colours its variants (decision 0038). */
export const STERILIZER_SKU = "UVC-STERILIZER";
export const STERILIZER_PRICE = 690_000;

const colorLabelsInEnglish: Record<ProductColor, string> = {
  white: "White",
  black: "Black",
  blue: "Blue",
  pink: "Pink",
};

const sterilizerFeatures: Label[] = [
  "Diệt 99,9% vi khuẩn",
  "Chu trình 3 phút",
  "UVC 270–280 nm",
  "Sạc USB-C",
  "Tự ngắt an toàn",
];
const sterilizerMaterials: Label[] = ["Nhựa ABS an toàn", "Silicone kháng khuẩn", "Đèn LED UVC"];

const sterilizerDetails = [
  "Sau mỗi lần đánh răng, đầu bàn chải ẩm ướt là nơi vi khuẩn sinh sôi nhanh nhất. Máy tiệt trùng UVC Care ôm trọn đầu bàn chải và chiếu tia UVC bước sóng 270–280 nm trong 3 phút, diệt 99,9% vi khuẩn mà không cần hóa chất hay nhiệt độ cao.",
  "",
  "• Thiết kế viên nang chỉ 35 g, bỏ vừa túi áo, túi xách hay bộ đồ du lịch.",
  "• Vừa đầu bàn chải có đường kính 10–15 mm: bàn chải thường và phần lớn bàn chải điện.",
  "• Sạc USB-C khoảng 2 giờ, dùng được hơn 30 chu trình cho mỗi lần sạc; pin bền khoảng 2 năm.",
  "• Tự ngắt khi kết thúc chu trình hoặc khi tháo khỏi bàn chải.",
  "• Bảo hành 12 tháng và hoàn tiền trong 30 ngày nếu bạn chưa hài lòng.",
].join("\n");

const sterilizerDetailsEn = [
  "A damp toothbrush head is where bacteria multiply fastest after you brush. The UVC Care sterilizer fits snugly over the brush head and bathes it in 270–280 nm UVC light for 3 minutes, killing 99.9% of bacteria with no chemicals and no heat.",
  "",
  "• A 35 g capsule that slips into a shirt pocket, a handbag or your wash bag.",
  "• Fits brush heads 10–15 mm across: manual toothbrushes and most electric ones.",
  "• Charges over USB-C in about 2 hours and runs 30+ cycles per charge; the battery lasts around 2 years.",
  "• Switches itself off at the end of each cycle or as soon as it comes off the brush.",
  "• 12-month warranty, and your money back within 30 days if you are not completely happy.",
].join("\n");

const sterilizerUserGuide = [
  "1. Sạc đầy máy bằng cáp USB-C đi kèm (khoảng 2 giờ, đèn báo chuyển xanh khi pin đầy).",
  "2. Vẩy nhẹ cho ráo nước đầu bàn chải sau khi đánh răng.",
  "3. Lồng máy vào đầu bàn chải cho đến khi khớp nhẹ.",
  "4. Nhấn nút nguồn: đèn UVC bật và chu trình 3 phút bắt đầu.",
  "5. Máy tự tắt khi xong. Cứ để máy trên bàn chải để che bụi cho đầu lông đến lần dùng sau.",
  "6. Mỗi tuần lau lòng máy bằng khăn mềm, khô.",
].join("\n");

const sterilizerUserGuideEn = [
  "1. Fully charge the sterilizer with the USB-C cable in the box (about 2 hours; the light turns green when the battery is full).",
  "2. After brushing, give the toothbrush head a gentle shake to get rid of excess water.",
  "3. Slide the sterilizer over the brush head until it clicks softly into place.",
  "4. Press the power button: the UVC light comes on and the 3-minute cycle begins.",
  "5. The sterilizer turns itself off when it is done. Leave it on the brush to keep dust off the bristles until next time.",
  "6. Once a week, wipe the inside with a soft, dry cloth.",
].join("\n");

function sterilizerSpecifications(colors: ProductColor[]): string {
  return [
    "Công nghệ: LED UVC",
    "Bước sóng: 270–280 nm",
    "Thời gian tiệt trùng: 3 phút mỗi chu trình",
    "Hiệu quả: diệt 99,9% vi khuẩn (thử nghiệm trong phòng thí nghiệm)",
    "Trọng lượng: 35 g",
    "Đầu bàn chải tương thích: đường kính 10–15 mm",
    "Pin: Li-ion sạc lại, tuổi thọ khoảng 2 năm",
    "Sạc: cổng USB-C, khoảng 2 giờ",
    "Số chu trình mỗi lần sạc: hơn 30",
    `Màu sắc: ${colors.map((color) => colorLabels[color]).join(", ")}`,
    "Trong hộp: 1 máy tiệt trùng, 1 cáp USB-C, hướng dẫn sử dụng",
    "Bảo hành: 12 tháng",
    "Đổi trả: hoàn tiền trong 30 ngày",
  ].join("\n");
}

function sterilizerSpecificationsEn(colors: ProductColor[]): string {
  return [
    "Technology: UVC LED",
    "Wavelength: 270–280 nm",
    "Sterilization time: 3 minutes per cycle",
    "Effectiveness: kills 99.9% of bacteria (laboratory tested)",
    "Weight: 35 g",
    "Compatible brush heads: 10–15 mm in diameter",
    "Battery: rechargeable Li-ion, lasts about 2 years",
    "Charging: USB-C port, about 2 hours",
    "Cycles per charge: 30+",
    `Colour: ${colors.map((color) => colorLabelsInEnglish[color]).join(", ")}`,
    "In the box: 1 sterilizer, 1 USB-C cable, user manual",
    "Warranty: 12 months",
    "Returns: 30-day money-back guarantee",
  ].join("\n");
}

const sterilizerWarnings = [
  "• Không nhìn trực tiếp vào đèn UVC khi máy đang hoạt động; máy tự ngắt khi tháo khỏi bàn chải.",
  "• Để xa tầm tay trẻ nhỏ; trẻ em sử dụng cần có người lớn hướng dẫn.",
  "• Không ngâm máy trong nước và không dùng khi đang sạc.",
  "• Chỉ dùng cho đầu bàn chải đánh răng; không chiếu lên da, mắt, thực phẩm hay vật nuôi.",
  "• Tia UVC có thể làm màu lông bàn chải nhạt dần theo thời gian; đây là hiện tượng bình thường.",
  "• Ngừng sử dụng và liên hệ bảo hành nếu máy nóng bất thường hoặc pin bị phồng.",
].join("\n");

const sterilizerWarningsEn = [
  "• Do not look directly into the UVC light while the sterilizer is running; it switches off by itself when taken off the brush.",
  "• Keep out of reach of small children; children should use it with an adult's guidance.",
  "• Do not put the sterilizer in water, and do not use it while it is charging.",
  "• For toothbrush heads only; never shine it on skin, eyes, food or pets.",
  "• UVC light may slowly fade the colour of the bristles over time; this is normal.",
  "• Stop using the sterilizer and contact us under warranty if it gets unusually hot or the battery swells.",
].join("\n");

interface SterilizerVariant {
  color: ProductColor;
  colorHex: string;
  /** The sentence that introduces this colour in the description. */
  pitch: string;
  /** The same sentence in English. */
  pitchEn: string;
  stockQuantity: number;
  soldCount: number;
  isBestSeller: boolean;
  badges: Label[];
  useCases: Label[];
}

const sterilizerVariants: SterilizerVariant[] = [
  {
    color: "white",
    colorHex: "#f7fafa",
    pitch: "Phiên bản Trắng tinh khôi, sạch sẽ và hợp với mọi phòng tắm.",
    pitchEn: "The pure White edition looks fresh and clean, and suits any bathroom.",
    stockQuantity: 120,
    soldCount: 1280,
    isBestSeller: true,
    badges: ["Bán chạy"],
    useCases: ["Gia đình", "Du lịch", "Văn phòng"],
  },
  {
    color: "black",
    colorHex: "#2f363e",
    pitch: "Phiên bản Đen than lịch lãm, kín đáo trên bàn làm việc và trong túi đồ công tác.",
    pitchEn: "The charcoal Black edition is sleek and discreet, on your desk or in your business-trip bag.",
    stockQuantity: 85,
    soldCount: 940,
    isBestSeller: true,
    badges: ["Bán chạy"],
    useCases: ["Du lịch", "Văn phòng", "Công tác"],
  },
  {
    color: "blue",
    colorHex: "#74a9de",
    pitch: "Phiên bản Xanh dương tươi mát, được các bạn nhỏ yêu thích để tự giác đánh răng mỗi ngày.",
    pitchEn:
      "The fresh Blue edition is a favourite with little ones, who happily brush their teeth on their own every day.",
    // Low stock on purpose: below its threshold of 5, so the dashboard and product page show it.
    stockQuantity: 3,
    soldCount: 455,
    isBestSeller: false,
    badges: ["Mới"],
    useCases: ["Gia đình", "Trẻ em", "Du lịch"],
  },
  {
    color: "pink",
    colorHex: "#f5b3c4",
    pitch: "Phiên bản Hồng phấn dịu dàng — món quà chăm sóc sức khỏe xinh xắn cho người thương.",
    pitchEn: "The soft Pink edition — a lovely gift of everyday health care for someone you love.",
    stockQuantity: 60,
    soldCount: 610,
    isBestSeller: false,
    badges: ["Quà tặng"],
    useCases: ["Gia đình", "Quà tặng", "Du lịch"],
  },
];

const colorSkuSuffix: Record<ProductColor, string> = { white: "WHT", black: "BLK", blue: "BLU", pink: "PNK" };

const sterilizerImages = (color: ProductColor) => {
  const lowerLabel = colorLabels[color].toLowerCase();
  const labelEn = colorLabelsInEnglish[color];
  return productImages(
    [
      `uvc-sterilizer-${color}-front.svg`,
      `Máy tiệt trùng bàn chải UVC màu ${lowerLabel}, mặt trước`,
      `${labelEn} UVC toothbrush sterilizer, front view`,
    ],
    [
      `uvc-sterilizer-${color}-open.svg`,
      `Máy tiệt trùng UVC màu ${lowerLabel} mở nắp, đèn UVC bên trong`,
      `${labelEn} UVC sterilizer with its lid open, the UVC light inside`,
    ],
    [
      `uvc-sterilizer-${color}-in-use.svg`,
      `Máy tiệt trùng UVC màu ${lowerLabel} đang tiệt trùng đầu bàn chải trong phòng tắm`,
      `${labelEn} UVC sterilizer sanitizing a toothbrush head in a bathroom`,
    ],
  );
};

const sterilizerColors = sterilizerVariants.map((variant) => variant.color);

/** The product the four colours are variants of: the shared texts; not sold itself. */
const sterilizerProduct: ProductDraft = {
  sku: STERILIZER_SKU,
  slug: "uvc-sterilizer",
  name: "Máy tiệt trùng bàn chải UVC",
  categorySlug: "sterilizers",
  description:
    "Máy tiệt trùng bàn chải đánh răng UVC bỏ túi, chỉ 35 g, diệt 99,9% vi khuẩn trên đầu bàn chải sau một chu trình 3 phút. Đèn LED UVC bước sóng 270–280 nm làm sạch không cần hóa chất; sạc USB-C khoảng 2 giờ dùng được hơn 30 chu trình. Có bốn màu: Trắng, Đen, Xanh dương và Hồng.",
  price: STERILIZER_PRICE,
  compareAtPrice: null,
  stockQuantity: 0,
  lowStockThreshold: 5,
  isFeatured: true,
  isBestSeller: true,
  trackStock: false,
  isActive: true,
  metaTitle: `Máy tiệt trùng bàn chải UVC bỏ túi | ${STORE_NAME}`,
  metaDescription:
    "Máy tiệt trùng bàn chải UVC: diệt 99,9% vi khuẩn trong 3 phút, nặng 35 g, sạc USB-C, bốn màu. Bảo hành 12 tháng, hoàn tiền 30 ngày.",
  shelfLife: "Pin bền 2 năm · Bảo hành 12 tháng",
  weight: "35 g",
  color: null,
  colorHex: null,
  features: sterilizerFeatures,
  useCases: ["Gia đình", "Du lịch", "Văn phòng"],
  materials: sterilizerMaterials,
  badges: ["Bán chạy"],
  tags: ["UVC", "Không hóa chất", "Bỏ túi"],
  tabDetails: sterilizerDetails,
  tabUserGuide: sterilizerUserGuide,
  tabSpecifications: sterilizerSpecifications(sterilizerColors),
  tabWarnings: sterilizerWarnings,
  en: {
    name: "UVC Toothbrush Sterilizer",
    description:
      "A pocket-size UVC toothbrush sterilizer weighing just 35 g that kills 99.9% of bacteria on your brush head in a single 3-minute cycle. Its 270–280 nm UVC LED cleans without chemicals, and about 2 hours of USB-C charging gives you 30+ cycles. In four colours: White, Black, Blue and Pink.",
    metaTitle: `Pocket UVC Toothbrush Sterilizer | ${STORE_NAME}`,
    metaDescription:
      "UVC toothbrush sterilizer: kills 99.9% of bacteria in 3 minutes, weighs 35 g, charges via USB-C, four colours. 12-month warranty, 30-day money-back guarantee.",
    shelfLife: "2-year battery life · 12-month warranty",
    weight: "35 g",
    tabDetails: sterilizerDetailsEn,
    tabUserGuide: sterilizerUserGuideEn,
    tabSpecifications: sterilizerSpecificationsEn(sterilizerColors),
    tabWarnings: sterilizerWarningsEn,
  },
  soldCount: 0,
  images: sterilizerImages("white"),
  storeStock: {},
};

function sterilizer(variant: SterilizerVariant, position: number): ProductDraft {
  const label = colorLabels[variant.color];
  const lowerLabel = label.toLowerCase();
  const labelEn = colorLabelsInEnglish[variant.color];
  const name = `Máy tiệt trùng bàn chải UVC – ${label}`;
  return {
    sku: `UVC-STER-${colorSkuSuffix[variant.color]}`,
    parentSku: STERILIZER_SKU,
    variantLabel: label,
    position,
    name,
    categorySlug: "sterilizers",
    description: `Máy tiệt trùng bàn chải đánh răng UVC bỏ túi, chỉ 35 g, diệt 99,9% vi khuẩn trên đầu bàn chải sau một chu trình 3 phút. Đèn LED UVC bước sóng 270–280 nm làm sạch không cần hóa chất; sạc USB-C khoảng 2 giờ dùng được hơn 30 chu trình. ${variant.pitch}`,
    price: STERILIZER_PRICE,
    compareAtPrice: null,
    stockQuantity: variant.stockQuantity,
    lowStockThreshold: 5,
    isFeatured: false,
    isBestSeller: variant.isBestSeller,
    trackStock: true,
    isActive: true,
    metaTitle: `Máy tiệt trùng bàn chải UVC màu ${label} | ${STORE_NAME}`,
    metaDescription: `Máy tiệt trùng bàn chải UVC màu ${lowerLabel}: diệt 99,9% vi khuẩn trong 3 phút, nặng 35 g, sạc USB-C. Bảo hành 12 tháng, hoàn tiền 30 ngày.`,
    shelfLife: "Pin bền 2 năm · Bảo hành 12 tháng",
    weight: "35 g",
    color: variant.color,
    colorHex: variant.colorHex,
    features: sterilizerFeatures,
    useCases: variant.useCases,
    materials: sterilizerMaterials,
    badges: variant.badges,
    tags: ["UVC", "Không hóa chất", "Bỏ túi"],
    tabDetails: sterilizerDetails,
    tabUserGuide: sterilizerUserGuide,
    tabSpecifications: sterilizerSpecifications([variant.color]),
    tabWarnings: sterilizerWarnings,
    en: {
      name: `UVC Toothbrush Sterilizer – ${labelEn}`,
      variantLabel: labelEn,
      description: `A pocket-size UVC toothbrush sterilizer weighing just 35 g that kills 99.9% of bacteria on your brush head in a single 3-minute cycle. Its 270–280 nm UVC LED cleans without chemicals, and about 2 hours of USB-C charging gives you 30+ cycles. ${variant.pitchEn}`,
      metaTitle: `UVC Toothbrush Sterilizer in ${labelEn} | ${STORE_NAME}`,
      metaDescription: `${labelEn} UVC toothbrush sterilizer: kills 99.9% of bacteria in 3 minutes, weighs 35 g, charges via USB-C. 12-month warranty, 30-day money-back guarantee.`,
      shelfLife: "2-year battery life · 12-month warranty",
      weight: "35 g",
      tabDetails: sterilizerDetailsEn,
      tabUserGuide: sterilizerUserGuideEn,
      tabSpecifications: sterilizerSpecificationsEn([variant.color]),
      tabWarnings: sterilizerWarningsEn,
    },
    soldCount: variant.soldCount,
    images: sterilizerImages(variant.color),
    // SPEC §9 sample availability: Hồ Chí Minh 2, Hà Nội out of stock, Đà Nẵng 5.
    storeStock: { "UVC Care Nguyễn Huệ": 2, "UVC Care Hoàn Kiếm": 0, "UVC Care Hải Châu": 5 },
  };
}

const travelCase: ProductDraft = {
  sku: "UVC-CASE-TRAVEL",
  name: "Hộp đựng du lịch cho máy tiệt trùng UVC",
  categorySlug: "accessories",
  description:
    "Hộp đựng vỏ cứng EVA chống sốc, có ngăn riêng cho máy tiệt trùng UVC, một bàn chải đánh răng và cáp sạc USB-C. Lớp lót nhung mềm chống trầy, khóa kéo hai chiều và quai xách gọn tay — mọi thứ cho nụ cười sạch khỏe nằm gọn trong vali, balo hay túi xách.",
  price: 290_000,
  compareAtPrice: null,
  stockQuantity: 150,
  lowStockThreshold: 10,
  isFeatured: false,
  isBestSeller: false,
  trackStock: true,
  isActive: true,
  metaTitle: `Hộp đựng du lịch cho máy tiệt trùng UVC | ${STORE_NAME}`,
  metaDescription:
    "Hộp đựng vỏ cứng EVA chống sốc cho máy tiệt trùng UVC, bàn chải và cáp sạc. Lót nhung, khóa kéo hai chiều, chỉ 48 g. Bảo hành 12 tháng.",
  shelfLife: "Bảo hành 12 tháng",
  weight: "48 g",
  color: null,
  colorHex: "#222f38",
  features: ["Chống sốc", "Chống thấm nước", "Ngăn đựng cáp sạc"],
  useCases: ["Du lịch", "Văn phòng", "Công tác"],
  materials: ["Vỏ EVA", "Lót nhung", "Khóa kéo kim loại"],
  badges: ["Phụ kiện"],
  tags: ["Du lịch", "Chống sốc"],
  tabDetails: [
    "Người bạn đồng hành của máy tiệt trùng UVC trên mọi chuyến đi. Vỏ EVA định hình giữ máy và bàn chải không bị va đập trong vali; lớp lót nhung mềm bảo vệ bề mặt máy khỏi trầy xước.",
    "",
    "• Ngăn đúc vừa khít máy tiệt trùng UVC Care.",
    "• Chứa được bàn chải dài tối đa 19 cm, kể cả khi đang gắn máy.",
    "• Túi lưới cho cáp sạc USB-C.",
    "• Khóa kéo hai chiều, quai xách tiện lợi.",
  ].join("\n"),
  tabUserGuide: [
    "1. Đặt máy tiệt trùng (có thể đang gắn trên bàn chải) vào ngăn đúc.",
    "2. Cho cáp sạc vào túi lưới trên nắp hộp.",
    "3. Kéo khóa kín trước khi cho vào vali hoặc balo.",
    "4. Vệ sinh bằng khăn ẩm, để khô tự nhiên trước khi dùng lại.",
  ].join("\n"),
  tabSpecifications: [
    "Kích thước: 19 × 7 × 5 cm",
    "Trọng lượng: 48 g",
    "Chất liệu: vỏ EVA, lót nhung, khóa kéo kim loại",
    "Chứa được: 1 máy tiệt trùng UVC, 1 bàn chải dài tối đa 19 cm, 1 cáp USB-C",
    "Màu sắc: Xám than",
    "Bảo hành: 12 tháng",
  ].join("\n"),
  tabWarnings: [
    "• Không phải sản phẩm chống nước hoàn toàn: tránh ngâm nước.",
    "• Để bàn chải ráo nước trước khi cất vào hộp để tránh ẩm mốc.",
    "• Tránh để hộp gần nguồn nhiệt cao (trên 60 °C).",
  ].join("\n"),
  en: {
    name: "Travel Case for the UVC Sterilizer",
    description:
      "A shockproof hard-shell EVA case with its own compartments for your UVC sterilizer, a toothbrush and the USB-C charging cable. A soft velvet lining keeps scratches away, and the two-way zip and carry strap make it easy to grab and go — everything for a clean, healthy smile, packed neatly into your suitcase, backpack or handbag.",
    metaTitle: `Travel Case for the UVC Sterilizer | ${STORE_NAME}`,
    metaDescription:
      "Shockproof hard-shell EVA case for your UVC sterilizer, toothbrush and charging cable. Velvet lining, two-way zip, just 48 g. 12-month warranty.",
    shelfLife: "12-month warranty",
    weight: "48 g",
    tabDetails: [
      "Your UVC sterilizer's companion on every trip. The moulded EVA shell protects the sterilizer and toothbrush from knocks in your suitcase, and the soft velvet lining keeps the sterilizer free of scratches.",
      "",
      "• A moulded compartment shaped to fit the UVC Care sterilizer snugly.",
      "• Holds a toothbrush up to 19 cm long, even with the sterilizer on it.",
      "• Mesh pocket for the USB-C charging cable.",
      "• Two-way zip and a handy carry strap.",
    ].join("\n"),
    tabUserGuide: [
      "1. Place the sterilizer (it can stay on the toothbrush) in the moulded compartment.",
      "2. Tuck the charging cable into the mesh pocket in the lid.",
      "3. Zip the case shut before packing it in your suitcase or backpack.",
      "4. Clean with a damp cloth and let it air-dry before using it again.",
    ].join("\n"),
    tabSpecifications: [
      "Dimensions: 19 × 7 × 5 cm",
      "Weight: 48 g",
      "Materials: EVA shell, velvet lining, metal zip",
      "Holds: 1 UVC sterilizer, 1 toothbrush up to 19 cm long, 1 USB-C cable",
      "Colour: Charcoal grey",
      "Warranty: 12 months",
    ].join("\n"),
    tabWarnings: [
      "• Not fully waterproof: do not submerge it in water.",
      "• Let your toothbrush dry before packing it away, so no mould can form.",
      "• Keep the case away from strong heat (above 60 °C).",
    ].join("\n"),
  },
  soldCount: 380,
  images: productImages(
    ["travel-case-front.svg", "Hộp đựng du lịch màu xám than, đóng khóa kéo", "Charcoal grey travel case, zipped shut"],
    [
      "travel-case-open.svg",
      "Hộp đựng du lịch mở nắp, bên trong có máy tiệt trùng UVC, bàn chải và cáp sạc",
      "Open travel case holding a UVC sterilizer, a toothbrush and the charging cable",
    ],
  ),
  // The Hà Nội shop holds cases (a buyer there can pick one up: issue 31); its sterilizers are SPEC §9's "out of stock".
  storeStock: { "UVC Care Nguyễn Huệ": 4, "UVC Care Hoàn Kiếm": 5, "UVC Care Hải Châu": 6 },
};

const familyBundle: ProductDraft = {
  sku: "UVC-BUNDLE-FAMILY",
  name: "Combo Gia đình – 2 máy tiệt trùng UVC",
  categorySlug: "bundles",
  description:
    "Hai máy tiệt trùng bàn chải UVC (một Trắng, một Hồng) để cả nhà cùng có bàn chải sạch 99,9% vi khuẩn mỗi ngày. Mỗi máy chỉ 35 g, chu trình 3 phút, sạc USB-C dùng hơn 30 lần. Tiết kiệm 90.000 ₫ so với mua lẻ, đóng hộp quà sẵn sàng tặng.",
  price: 1_290_000,
  compareAtPrice: 1_380_000,
  stockQuantity: 40,
  lowStockThreshold: 5,
  isFeatured: true,
  isBestSeller: true,
  trackStock: true,
  isActive: true,
  metaTitle: `Combo Gia đình 2 máy tiệt trùng bàn chải UVC | ${STORE_NAME}`,
  metaDescription:
    "Combo 2 máy tiệt trùng bàn chải UVC Trắng và Hồng: diệt 99,9% vi khuẩn trong 3 phút, sạc USB-C. Tiết kiệm 90.000 ₫, hộp quà sẵn sàng tặng.",
  shelfLife: "Pin bền 2 năm · Bảo hành 12 tháng",
  weight: "70 g (2 × 35 g)",
  color: null,
  colorHex: null,
  features: sterilizerFeatures,
  useCases: ["Gia đình", "Quà tặng", "Trẻ em"],
  materials: sterilizerMaterials,
  badges: ["Combo tiết kiệm", "Tiết kiệm 90.000 ₫"],
  tags: ["Combo", "Gia đình", "Quà tặng"],
  tabDetails: [
    "Bàn chải của mỗi thành viên đều xứng đáng được sạch khuẩn. Combo Gia đình gồm hai máy tiệt trùng UVC Care trong hộp quà, giá tốt hơn mua lẻ.",
    "",
    "• 2 máy tiệt trùng UVC: 1 màu Trắng, 1 màu Hồng.",
    "• Diệt 99,9% vi khuẩn trong 3 phút với tia UVC 270–280 nm, không hóa chất.",
    "• Vừa đầu bàn chải đường kính 10–15 mm, cho cả người lớn và trẻ em.",
    "• Bảo hành 12 tháng cho từng máy, hoàn tiền trong 30 ngày.",
  ].join("\n"),
  tabUserGuide: sterilizerUserGuide,
  tabSpecifications: [
    "Trong hộp: 2 máy tiệt trùng UVC (Trắng, Hồng), 2 cáp USB-C, hướng dẫn sử dụng",
    "Bước sóng: 270–280 nm",
    "Thời gian tiệt trùng: 3 phút mỗi chu trình",
    "Trọng lượng: 35 g mỗi máy",
    "Đầu bàn chải tương thích: đường kính 10–15 mm",
    "Sạc: USB-C, khoảng 2 giờ; hơn 30 chu trình mỗi lần sạc",
    "Tuổi thọ pin: khoảng 2 năm",
    "Bảo hành: 12 tháng mỗi máy",
  ].join("\n"),
  tabWarnings: sterilizerWarnings,
  en: {
    name: "Family Bundle – 2 UVC Sterilizers",
    description:
      "Two UVC toothbrush sterilizers (one White, one Pink), so everyone at home gets a toothbrush cleared of 99.9% of bacteria every day. Each weighs just 35 g, runs a 3-minute cycle and gets 30+ uses from a USB-C charge. Save 90.000 ₫ compared with buying them separately, gift-boxed and ready to give.",
    metaTitle: `Family Bundle: 2 UVC Toothbrush Sterilizers | ${STORE_NAME}`,
    metaDescription:
      "Two UVC toothbrush sterilizers in White and Pink: kill 99.9% of bacteria in 3 minutes, USB-C charging. Save 90.000 ₫, gift-boxed and ready to give.",
    shelfLife: "2-year battery life · 12-month warranty",
    weight: "70 g (2 × 35 g)",
    tabDetails: [
      "Every toothbrush in the family deserves to be germ-free. The Family Bundle puts two UVC Care sterilizers in a gift box, for less than buying them one by one.",
      "",
      "• 2 UVC sterilizers: 1 in White, 1 in Pink.",
      "• Kills 99.9% of bacteria in 3 minutes with 270–280 nm UVC light, no chemicals.",
      "• Fits brush heads 10–15 mm across, for adults and kids alike.",
      "• 12-month warranty on each sterilizer, 30-day money-back guarantee.",
    ].join("\n"),
    tabUserGuide: sterilizerUserGuideEn,
    tabSpecifications: [
      "In the box: 2 UVC sterilizers (White, Pink), 2 USB-C cables, user manual",
      "Wavelength: 270–280 nm",
      "Sterilization time: 3 minutes per cycle",
      "Weight: 35 g each",
      "Compatible brush heads: 10–15 mm in diameter",
      "Charging: USB-C, about 2 hours; 30+ cycles per charge",
      "Battery life: about 2 years",
      "Warranty: 12 months per sterilizer",
    ].join("\n"),
    tabWarnings: sterilizerWarningsEn,
  },
  soldCount: 210,
  images: productImages(
    [
      "bundle-family.svg",
      "Combo Gia đình: hai máy tiệt trùng UVC màu trắng và hồng bên hộp quà",
      "Family Bundle: a white and a pink UVC sterilizer beside a gift box",
    ],
    [
      "bundle-family-contents.svg",
      "Những gì có trong Combo Gia đình: hai máy tiệt trùng và hai cáp USB-C",
      "What is in the Family Bundle: two sterilizers and two USB-C cables",
    ],
  ),
  storeStock: { "UVC Care Nguyễn Huệ": 1, "UVC Care Hoàn Kiếm": 0, "UVC Care Hải Châu": 3 },
};

const travelBundle: ProductDraft = {
  sku: "UVC-BUNDLE-TRAVEL",
  name: "Combo Du lịch – Máy tiệt trùng UVC và hộp đựng",
  categorySlug: "bundles",
  description:
    "Bộ đôi cho người hay di chuyển: máy tiệt trùng bàn chải UVC màu Đen cùng hộp đựng du lịch vỏ cứng chống sốc. Bàn chải sạch 99,9% vi khuẩn sau 3 phút ở bất cứ đâu, một lần sạc dùng cả chuyến đi. Tiết kiệm 81.000 ₫ so với mua lẻ.",
  price: 899_000,
  compareAtPrice: 980_000,
  stockQuantity: 35,
  lowStockThreshold: 5,
  isFeatured: false,
  isBestSeller: false,
  trackStock: true,
  isActive: true,
  metaTitle: `Combo Du lịch: máy tiệt trùng UVC và hộp đựng | ${STORE_NAME}`,
  metaDescription:
    "Máy tiệt trùng bàn chải UVC màu đen kèm hộp đựng du lịch chống sốc: diệt 99,9% vi khuẩn trong 3 phút, hơn 30 lần dùng mỗi lần sạc. Tiết kiệm 81.000 ₫.",
  shelfLife: "Pin bền 2 năm · Bảo hành 12 tháng",
  weight: "83 g (máy 35 g, hộp 48 g)",
  color: null,
  colorHex: null,
  features: [...sterilizerFeatures, "Chống sốc"],
  useCases: ["Du lịch", "Công tác", "Quà tặng"],
  materials: [...sterilizerMaterials, "Vỏ EVA"],
  badges: ["Combo tiết kiệm", "Tiết kiệm 81.000 ₫"],
  tags: ["Combo", "Du lịch", "Bỏ túi"],
  tabDetails: [
    "Đi công tác, du lịch hay ở ký túc xá, bàn chải của bạn vẫn sạch như ở nhà.",
    "",
    "• 1 máy tiệt trùng UVC màu Đen: 35 g, chu trình 3 phút, diệt 99,9% vi khuẩn.",
    "• 1 hộp đựng du lịch vỏ EVA chống sốc, có ngăn cho bàn chải và cáp sạc.",
    "• Hơn 30 chu trình mỗi lần sạc: đủ cho cả chuyến đi dài.",
    "• Bảo hành 12 tháng, hoàn tiền trong 30 ngày.",
  ].join("\n"),
  tabUserGuide: sterilizerUserGuide,
  tabSpecifications: [
    "Trong hộp: 1 máy tiệt trùng UVC màu Đen, 1 hộp đựng du lịch, 1 cáp USB-C, hướng dẫn sử dụng",
    "Bước sóng: 270–280 nm",
    "Thời gian tiệt trùng: 3 phút mỗi chu trình",
    "Trọng lượng: máy 35 g, hộp 48 g",
    "Kích thước hộp: 19 × 7 × 5 cm",
    "Sạc: USB-C, khoảng 2 giờ; hơn 30 chu trình mỗi lần sạc",
    "Bảo hành: 12 tháng",
  ].join("\n"),
  tabWarnings: sterilizerWarnings,
  en: {
    name: "Travel Bundle – UVC Sterilizer and Case",
    description:
      "The perfect pair for people on the move: a Black UVC toothbrush sterilizer plus a shockproof hard-shell travel case. Your toothbrush is cleared of 99.9% of bacteria in 3 minutes wherever you are, and a single charge lasts the whole trip. Save 81.000 ₫ compared with buying them separately.",
    metaTitle: `Travel Bundle: UVC Sterilizer and Case | ${STORE_NAME}`,
    metaDescription:
      "Black UVC toothbrush sterilizer with a shockproof travel case: kills 99.9% of bacteria in 3 minutes, 30+ uses per charge. Save 81.000 ₫.",
    shelfLife: "2-year battery life · 12-month warranty",
    weight: "83 g (sterilizer 35 g, case 48 g)",
    tabDetails: [
      "On a business trip, on holiday or in a dorm room, your toothbrush stays as clean as it does at home.",
      "",
      "• 1 UVC sterilizer in Black: 35 g, 3-minute cycle, kills 99.9% of bacteria.",
      "• 1 shockproof EVA travel case with room for the toothbrush and charging cable.",
      "• 30+ cycles per charge: enough for even a long trip.",
      "• 12-month warranty, 30-day money-back guarantee.",
    ].join("\n"),
    tabUserGuide: sterilizerUserGuideEn,
    tabSpecifications: [
      "In the box: 1 UVC sterilizer in Black, 1 travel case, 1 USB-C cable, user manual",
      "Wavelength: 270–280 nm",
      "Sterilization time: 3 minutes per cycle",
      "Weight: sterilizer 35 g, case 48 g",
      "Case dimensions: 19 × 7 × 5 cm",
      "Charging: USB-C, about 2 hours; 30+ cycles per charge",
      "Warranty: 12 months",
    ].join("\n"),
    tabWarnings: sterilizerWarningsEn,
  },
  soldCount: 165,
  images: productImages(
    [
      "bundle-travel.svg",
      "Combo Du lịch: máy tiệt trùng UVC màu đen và hộp đựng du lịch",
      "Travel Bundle: a black UVC sterilizer and a travel case",
    ],
    [
      "bundle-travel-lifestyle.svg",
      "Combo Du lịch trong vali cạnh hộ chiếu và vé máy bay",
      "The Travel Bundle in a suitcase beside a passport and plane tickets",
    ],
  ),
  storeStock: { "UVC Care Nguyễn Huệ": 1, "UVC Care Hoàn Kiếm": 0, "UVC Care Hải Châu": 3 },
};

/** In creation order: the four colours first (so they get ids 1-4 on a fresh database), then their product. */
export const seedProducts: SeedProduct[] = [
  ...sterilizerVariants.map(sterilizer),
  sterilizerProduct,
  travelCase,
  familyBundle,
  travelBundle,
].map(seedProduct);

// ---------------------------------------------------------------------------------------------
// Shops (the product page's store-availability modal)

export type SeedStoreLocation = Omit<NewStoreLocation, "id" | "createdAt" | "updatedAt">;

/** A map search for an address (the shop's page on the map, without an API key). */
const mapOf = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

export const seedStoreLocations: SeedStoreLocation[] = [
  {
    name: "UVC Care Nguyễn Huệ",
    city: "Hồ Chí Minh",
    address: "123 Nguyễn Huệ, Phường Sài Gòn, TP. Hồ Chí Minh",
    opensAt: "08:00",
    closesAt: "22:00",
    mapUrl: mapOf("123 Nguyễn Huệ, Phường Sài Gòn, TP. Hồ Chí Minh"),
    phone: "028 3822 6868",
    isActive: true,
    displayOrder: 0,
  },
  {
    name: "UVC Care Hoàn Kiếm",
    city: "Hà Nội",
    address: "45 Hàng Bài, Phường Hoàn Kiếm, Hà Nội",
    opensAt: "08:30",
    closesAt: "21:30",
    mapUrl: mapOf("45 Hàng Bài, Phường Hoàn Kiếm, Hà Nội"),
    phone: "024 3936 6868",
    isActive: true,
    displayOrder: 1,
  },
  {
    name: "UVC Care Hải Châu",
    city: "Đà Nẵng",
    address: "78 Bạch Đằng, Phường Hải Châu, Đà Nẵng",
    opensAt: "08:00",
    closesAt: "21:00",
    mapUrl: mapOf("78 Bạch Đằng, Phường Hải Châu, Đà Nẵng"),
    phone: "0236 3822 868",
    isActive: true,
    displayOrder: 2,
  },
];

// ---------------------------------------------------------------------------------------------
// Discount codes (PRODUCT.md: MAROU10 = 10 %, WELCOME = 50,000 đ, FREESHIP = free shipping)

export type SeedDiscountCode = Omit<NewDiscountCode, "id" | "createdAt" | "updatedAt">;

export const seedDiscountCodes: SeedDiscountCode[] = [
  {
    code: "MAROU10",
    description: "Giảm 10% cho đơn hàng đầu tiên khi đăng ký nhận bản tin",
    type: "percent",
    value: 10,
    minOrderTotal: 0,
    isActive: true,
    firstOrderOnly: true,
  },
  {
    code: "WELCOME",
    description: "Giảm 50.000 ₫ cho khách hàng mới",
    type: "fixed",
    value: 50_000,
    minOrderTotal: 0,
    isActive: true,
  },
  {
    code: "FREESHIP",
    description: "Miễn phí vận chuyển",
    type: "free_shipping",
    value: 0,
    minOrderTotal: 0,
    isActive: true,
  },
];

// ---------------------------------------------------------------------------------------------
// Page SEO (titles ≤ 60 characters, descriptions ≤ 160)

export type SeedPageSeo = Omit<NewPageSeo, "id" | "createdAt" | "updatedAt">;

type PageSeoTexts = Pick<SeedPageSeo, "metaTitle" | "metaDescription" | "keywords">;

/** A page's Vietnamese row, then the English one at its /en path (same image and other fields). */
function inBothLanguages(vietnamese: SeedPageSeo, english: PageSeoTexts): SeedPageSeo[] {
  return [vietnamese, { ...vietnamese, ...english, pagePath: localizedPath(vietnamese.pagePath, "en") }];
}

export const seedPageSeo: SeedPageSeo[] = [
  ...inBothLanguages(
    {
      pagePath: "/",
      metaTitle: "UVC Care – Máy tiệt trùng bàn chải đánh răng UVC",
      metaDescription:
        "Máy tiệt trùng bàn chải UVC bỏ túi: diệt 99,9% vi khuẩn trong 3 phút, chỉ 35 g, sạc USB-C. Giao hàng toàn quốc, thanh toán khi nhận hàng.",
      keywords: ["máy tiệt trùng bàn chải", "tiệt trùng UVC", "bàn chải đánh răng", "UVC Care"],
      ogImage: null,
      canonicalUrl: null,
      structuredData: null,
    },
    {
      metaTitle: "UVC Care – UVC Toothbrush Sterilizers",
      metaDescription:
        "A pocket-size UVC toothbrush sterilizer: kills 99.9% of bacteria in 3 minutes, weighs just 35 g, charges via USB-C. Nationwide delivery, cash on delivery.",
      keywords: ["toothbrush sterilizer", "UVC sterilizer", "toothbrush", "UVC Care"],
    },
  ),
  ...inBothLanguages(
    {
      pagePath: "/shop",
      metaTitle: "Cửa hàng máy tiệt trùng UVC và phụ kiện | UVC Care",
      metaDescription:
        "Chọn máy tiệt trùng bàn chải UVC màu Trắng, Đen, Xanh dương, Hồng, hộp đựng du lịch và combo tiết kiệm. Giao hàng toàn quốc, thanh toán khi nhận hàng.",
      keywords: [
        "mua máy tiệt trùng bàn chải",
        "máy tiệt trùng UVC giá tốt",
        "hộp đựng bàn chải du lịch",
        "combo gia đình",
      ],
      ogImage: null,
      canonicalUrl: null,
      structuredData: null,
    },
    {
      metaTitle: "Shop UVC Sterilizers and Accessories | UVC Care",
      metaDescription:
        "UVC toothbrush sterilizers in White, Black, Blue and Pink, a travel case and money-saving bundles. Delivery across Vietnam, cash on delivery.",
      keywords: ["buy a toothbrush sterilizer", "UVC sterilizer best price", "travel toothbrush case", "family bundle"],
    },
  ),
  ...inBothLanguages(
    {
      pagePath: "/about",
      metaTitle: "Về UVC Care – Vì nụ cười sạch khỏe mỗi ngày",
      metaDescription:
        "UVC Care mang công nghệ tiệt trùng UVC vào thói quen đánh răng của mọi gia đình Việt: an toàn, không hóa chất, bảo hành 12 tháng, hoàn tiền 30 ngày.",
      keywords: ["UVC Care", "về chúng tôi", "tiệt trùng bàn chải", "chăm sóc răng miệng"],
      ogImage: null,
      canonicalUrl: null,
      structuredData: null,
    },
    {
      metaTitle: "About UVC Care – A Clean, Healthy Smile Every Day",
      metaDescription:
        "UVC Care brings UVC sterilization into every Vietnamese family's brushing routine: safe, chemical-free, 12-month warranty, 30-day money-back guarantee.",
      keywords: ["UVC Care", "about us", "toothbrush sterilization", "oral care"],
    },
  ),
  ...inBothLanguages(
    {
      pagePath: "/blog",
      metaTitle: "Blog UVC Care – Kiến thức chăm sóc răng miệng",
      metaDescription:
        "Mẹo giữ bàn chải sạch khuẩn, chăm sóc răng miệng cho cả gia đình và kiến thức về công nghệ UVC từ đội ngũ UVC Care.",
      keywords: ["chăm sóc răng miệng", "vệ sinh bàn chải", "vi khuẩn bàn chải", "blog UVC Care"],
      ogImage: null,
      canonicalUrl: null,
      structuredData: null,
    },
    {
      metaTitle: "UVC Care Blog – Oral Care Tips and Know-How",
      metaDescription:
        "Tips for keeping your toothbrush germ-free, oral care for the whole family and the science behind UVC, from the UVC Care team.",
      keywords: ["oral care", "toothbrush hygiene", "toothbrush bacteria", "UVC Care blog"],
    },
  ),
  ...inBothLanguages(
    {
      pagePath: "/technology",
      metaTitle: "Công nghệ UVC 270–280 nm diệt 99,9% vi khuẩn | UVC Care",
      metaDescription:
        "Tia UVC bước sóng 270–280 nm phá hủy DNA của vi khuẩn trên đầu bàn chải chỉ trong 3 phút, không hóa chất, không nhiệt. Tìm hiểu cách máy hoạt động.",
      keywords: ["công nghệ UVC", "tia UVC diệt khuẩn", "270-280nm", "tiệt trùng không hóa chất"],
      ogImage: null,
      canonicalUrl: null,
      structuredData: null,
    },
    {
      metaTitle: "270–280 nm UVC Kills 99.9% of Bacteria | UVC Care",
      metaDescription:
        "270–280 nm UVC light destroys the DNA of bacteria on your brush head in just 3 minutes, with no chemicals and no heat. See how the sterilizer works.",
      keywords: ["UVC technology", "germicidal UVC light", "270-280nm", "chemical-free sterilization"],
    },
  ),
];

/**
 * Demo reviews (issue 19 item 2): examples of what the product page shows, marked is_demo, so
 * the storefront labels them "Đánh giá mẫu" (never "Đã mua hàng") and leaves them out of the
 * JSON-LD; "Xóa tất cả đánh giá mẫu" in the console removes them.
 */
export const seedReviewsData: DemoReview[] = [
  {
    productSku: "UVC-STER-WHT",
    rating: 5,
    title: "Nhỏ gọn, dễ dùng",
    body: "Máy nhỏ, bỏ túi áo được. Mỗi tối úp bàn chải vào, 3 phút là xong, đèn báo rõ ràng. Sạc một lần dùng gần một tháng.",
    displayName: "Minh Anh T.",
    daysAgo: 12,
  },
  {
    productSku: "UVC-STER-WHT",
    rating: 4,
    body: "Dùng ổn, cả nhà dùng chung một máy. Trừ một sao vì nắp hơi chặt lúc mới mua.",
    displayName: "Quốc Bảo L.",
    daysAgo: 30,
  },
  {
    productSku: "UVC-STER-BLK",
    rating: 5,
    title: "Mang đi công tác rất tiện",
    body: "Màu đen sang, để trong túi xách không lo bẩn. Bàn chải khô ráo, không còn mùi ẩm.",
    displayName: "Thu Hà N.",
    daysAgo: 8,
  },
  {
    productSku: "UVC-CASE-TRAVEL",
    rating: 4,
    body: "Hộp vừa khít máy và bàn chải, khóa kéo chắc chắn. Mong có thêm màu.",
    displayName: "Hoàng Nam P.",
    daysAgo: 20,
  },
];
