import type { ImageAlts } from "~/lib/i18n/translated";
import type { ProductColor } from "~/db/schema";
import type { FacetOptions, PriceBounds } from "./catalog.schema";

// The shapes of the storefront's catalogue reads (listing, product page, search): types only, so
// components import them without the server code.

export interface CatalogImage {
  url: string;
  /** In the page's language, never empty (see imageAltIn). */
  alt: string;
  width: number | null;
  height: number | null;
}

/** An image as stored, with both alt texts. */
export type StoredImage = Omit<CatalogImage, "alt"> & ImageAlts;

/** A product as listings show it (cards, search results, recommendations). */
export interface ProductSummary {
  id: number;
  sku: string;
  slug: string;
  name: string;
  description: string;
  price: number;
  compareAtPrice: number | null;
  categorySlug: string;
  categoryName: string;
  color: ProductColor | null;
  colorHex: string | null;
  badges: string[];
  tags: string[];
  isFeatured: boolean;
  isBestSeller: boolean;
  /** A product with variants: its variants' sales summed. */
  soldCount: number;
  /** A product with variants: when any active variant is. */
  inStock: boolean;
  image: CatalogImage | null;
  /** The highest price (a product with variants: its dearest variant's; `price` is the lowest). */
  priceMax: number;
  /** A product's active variants as swatches, in position order (empty for a product without variants). */
  swatches: Swatch[];
}

/** A variant as a listing card shows it: a colour dot named by its label. */
export interface Swatch {
  id: number;
  /** In the page's language. */
  label: string;
  colorHex: string | null;
  /** The filter's colour value ("pink"), when the variant has one. */
  color: ProductColor | null;
  /** The variant's own cover, when it has one. */
  image: CatalogImage | null;
}

/** A variant as the product page sells it (decision 0038): the sellable row, chosen by `?variant=`. */
export interface ProductVariant {
  id: number;
  sku: string;
  /** The variant row's own name in the page's language ("Máy tiệt trùng bàn chải UVC – Trắng"): cart lines read it. */
  name: string;
  /** The option value in the page's language ("Trắng"). */
  label: string;
  color: ProductColor | null;
  colorHex: string | null;
  price: number;
  compareAtPrice: number | null;
  inStock: boolean;
  stockQuantity: number;
  trackStock: boolean;
  lowStock: boolean;
  /** Its own images, or its product's when it has none. */
  images: CatalogImage[];
  availability: StoreAvailability[];
}

export interface StoreAvailability {
  storeId: number;
  name: string;
  city: string;
  address: string;
  phone: string | null;
  /** Every day, "HH:MM" (shop time). */
  opensAt: string;
  closesAt: string;
  mapUrl: string | null;
  quantity: number;
}

/** A shop as /stores lists it. */
export type StoreLocationInfo = Omit<StoreAvailability, "storeId" | "quantity"> & { id: number };

export interface ProductDetail extends ProductSummary {
  stockQuantity: number;
  lowStockThreshold: number;
  trackStock: boolean;
  /** Tracked, in stock and at or below the low-stock threshold: the page says "Chỉ còn N sản phẩm". */
  lowStock: boolean;
  metaTitle: string | null;
  metaDescription: string | null;
  shelfLife: string | null;
  weight: string | null;
  features: string[];
  useCases: string[];
  materials: string[];
  tabs: { details: string | null; userGuide: string | null; specifications: string | null; warnings: string | null };
  images: CatalogImage[];
  /** Active variants in position order; empty for a product sold as itself. */
  variants: ProductVariant[];
  /** The variant the page shows (its price, stock, images and availability are the page's); null without variants. */
  selectedVariantId: number | null;
  availability: StoreAvailability[];
  category: { id: number; slug: string; name: string };
}

export interface CategoryInfo {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  image: string | null;
}

export interface FacetCount {
  value: string;
  /** What shoppers read (colours: the Vietnamese name); the value otherwise. */
  label: string;
  count: number;
}

export interface CatalogFacets {
  colors: FacetCount[];
  features: FacetCount[];
  useCases: FacetCount[];
  materials: FacetCount[];
  availability: { inStock: number; outOfStock: number; bestSellers: number };
  priceBounds: PriceBounds;
  /** Every option value of the listing, whatever the filters: a URL is checked against these. */
  options: FacetOptions;
}

