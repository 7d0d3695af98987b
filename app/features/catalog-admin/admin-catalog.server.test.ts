import { ROW_VERSION_MISSING_MESSAGE, staleRowMessage } from "~/lib/row-version";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { categories, customers, orderItems, orders, productImages, products } from "~/db/schema";
import { slugify } from "~/lib/text";
import { AppError } from "~/server/errors.server";
import { createLocalStorage, createS3Storage, type Storage } from "~/server/storage.server";
import { setUpTestDatabase } from "~/test/database";
import { startTestS3Server } from "~/test/s3-server";
import { createCategory, deleteCategory, listCategories, updateCategory } from "./admin-categories.server";
import { createProduct, deleteProduct, getProductForEdit, listProductsForConsole, updateProduct } from "./admin-products.server";
import { detectImageType } from "~/server/image-upload.server";
import {
  addProductImages,
  createProductWithImages,
  deleteProductImage,
  moveProductImage,
  setProductCover,
  setProductImageAlt,
} from "./product-images.server";
import { imageSrcSet, uploadedKeysOf } from "~/lib/image-variants";

const { db } = await setUpTestDatabase({ resetTables: [orderItems, orders, customers, products, categories] });
const staff = { userId: null, name: "owner@shop.vn" };
let storage: Storage;
let uploadsDir: string;

beforeEach(async () => {
  uploadsDir = mkdtempSync(path.join(tmpdir(), "uploads-"));
  storage = createLocalStorage(uploadsDir);
});

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const category = (over: Record<string, unknown> = {}) =>
  createCategory(db, {
    name: "Máy tiệt trùng",
    slug: "may-tiet-trung",
    description: "",
    image: "",
    displayOrder: "1",
    isActive: "true",
    ...over,
  });

const productInput = (categoryId: number, over: Record<string, unknown> = {}) => ({
  sku: "UVC-001",
  name: "Máy tiệt trùng UVC Trắng",
  slug: "may-tiet-trung-uvc-trang",
  description: "Diệt 99,9% vi khuẩn",
  price: "690.000",
  compareAtPrice: "",
  categoryId: String(categoryId),
  stockQuantity: "",
  lowStockThreshold: "",
  isFeatured: "true",
  isBestSeller: "false",
  trackStock: "true",
  metaTitle: "",
  metaDescription: "",
  color: "white",
  features: "Diệt 99,9% vi khuẩn\nSạc USB-C\n",
  tags: "du lịch\n gia đình ",
  ...over,
});

async function realPng(width = 1600, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 58, g: 175, b: 169 } } })
    .png()
    .toBuffer();
}

describe("slugs", () => {
  it("strips Vietnamese accents and maps đ to d", () => {
    expect(slugify("Phụ kiện du lịch")).toBe("phu-kien-du-lich");
    expect(slugify("Đồ dùng")).toBe("do-dung");
  });
});

describe("admin categories", () => {
  it("creates with empty description and image stored as null, order parsed or 0, and lists by display order", async () => {
    const a = await category({ name: "Phụ kiện du lịch", slug: "phu-kien-du-lich", displayOrder: "abc" });
    expect(a).toMatchObject({ description: null, image: null, displayOrder: 0, isActive: true });
    const b = await category({
      name: "Đồ dùng",
      slug: "do-dung",
      displayOrder: "-1",
      isActive: "false",
      image: "/images/x.svg",
    });
    expect(b).toMatchObject({ displayOrder: -1, isActive: false, image: "/images/x.svg" });
    const list = await listCategories(db);
    expect(list.map((c) => c.slug)).toEqual(["do-dung", "phu-kien-du-lich"]);
    expect(list[0].productCount).toBe(0);
  });

  it("refuses a missing name or slug with the SPEC message, a bad slug or image, and writes nothing", async () => {
    const error = await rejection(category({ name: "  ", slug: "" }));
    expect(error.kind).toBe("invalid");
    expect(error.fieldErrors).toMatchObject({ name: "Vui lòng nhập tên danh mục", slug: "Vui lòng nhập tên danh mục" });
    expect((await rejection(category({ slug: "Có dấu" }))).fieldErrors?.slug).toMatch(/Slug chỉ gồm/);
    expect((await rejection(category({ image: "javascript:alert(1)" }))).fieldErrors?.image).toBeDefined();
    expect(await db.select().from(categories)).toHaveLength(0);
  });

  it("refuses a duplicate slug on create and update with a message on the slug field", async () => {
    const first = await category();
    const dup = await rejection(category({ name: "Khác" }));
    expect(dup.kind).toBe("conflict");
    expect(dup.fieldErrors?.slug).toMatch(/đã được dùng/);
    const other = await category({ name: "Khác", slug: "khac" });
    expect((await rejection(updateCategory(db, other.id, { name: "Khác", slug: first.slug, version: other.version }))).kind).toBe("conflict");
    const updated = await updateCategory(db, other.id, {
      name: "Khác nữa",
      slug: "khac-nua",
      description: " Mô tả ",
      isActive: "on",
      version: other.version,
    });
    expect(updated).toMatchObject({ name: "Khác nữa", slug: "khac-nua", description: "Mô tả", isActive: true });
    expect((await rejection(updateCategory(db, 999_999, { name: "X", slug: "x", version: 1 }))).kind).toBe("not_found");
  });

  it("refuses to delete a category with products, or moves them to another category first", async () => {
    const from = await category();
    const to = await category({ name: "Phụ kiện", slug: "phu-kien" });
    const product = await createProduct(db, productInput(from.id), staff);
    const refused = await rejection(deleteCategory(db, from.id));
    expect(refused.kind).toBe("conflict");
    expect(refused.message).toMatch(/còn 1 sản phẩm/);
    expect(await db.select().from(categories)).toHaveLength(2);
    expect((await rejection(deleteCategory(db, from.id, { moveProductsTo: from.id }))).kind).toBe("invalid");
    expect((await rejection(deleteCategory(db, from.id, { moveProductsTo: 999_999 }))).kind).toBe("invalid");

    expect(await deleteCategory(db, from.id, { moveProductsTo: to.id })).toEqual({ moved: 1 });
    const [moved] = await db.select().from(products).where(eq(products.id, product.id));
    expect(moved.categoryId).toBe(to.id);
    expect(moved.searchText).toContain("phu kien");
    expect(await deleteCategory(db, to.id, {}).catch((e: AppError) => e.kind)).toBe("conflict");
    const empty = await category({ name: "Trống", slug: "trong" });
    expect(await deleteCategory(db, empty.id)).toEqual({ moved: 0 });
    expect((await rejection(deleteCategory(db, empty.id))).kind).toBe("not_found");
  });

  it("lists categories of the same display order in Vietnamese alphabetical order (Đ after D, before E)", async () => {
    for (const [name, slug] of [["Ê-kíp", "e-kip"], ["Đồ dùng", "do-dung"], ["Dây sạc", "day-sac"], ["Xà phòng", "xa-phong"]]) {
      await category({ name, slug, displayOrder: "3" });
    }
    const names = (await listCategories(db)).filter((c) => c.displayOrder === 3).map((c) => c.name);
    expect(names).toEqual(["Dây sạc", "Đồ dùng", "Ê-kíp", "Xà phòng"]);
  });

  it("keeps products' search text in step when a category is renamed", async () => {
    const c = await category();
    const p = await createProduct(db, productInput(c.id), staff);
    await updateCategory(db, c.id, { name: "Thiết bị vệ sinh", slug: c.slug, version: c.version });
    const [row] = await db.select().from(products).where(eq(products.id, p.id));
    expect(row.searchText).toContain("thiet bi ve sinh");
  });
});

describe("English texts edited beside the Vietnamese ones", () => {
  it("saves a category's and a product's filled English fields as translations, searchable, and clears an emptied one", async () => {
    const c = await category({ en_name: "Sterilizers", en_description: "" });
    expect(c.translations).toEqual({ en: { name: "Sterilizers" } });
    const p = await createProduct(
      db,
      productInput(c.id, { en_name: "UVC Sterilizer White", en_features: "Kills 99.9% of bacteria\nUSB-C charging", en_tabWarnings: " " }),
      staff,
    );
    expect(p.translations).toEqual({
      en: { name: "UVC Sterilizer White", features: ["Kills 99.9% of bacteria", "USB-C charging"] },
    });
    expect(p.searchText).toContain("uvc sterilizer white");
    expect(p.searchText).toContain("sterilizers");

    const renamed = await updateCategory(db, c.id, { name: c.name, slug: c.slug, en_name: "Sanitizers", version: c.version });
    const [row] = await db.select().from(products).where(eq(products.id, p.id));
    expect(row.searchText).toContain("sanitizers");
    expect(row.searchText).not.toContain("sterilizers");
    expect(renamed.translations).toEqual({ en: { name: "Sanitizers" } });

    const saved = await updateProduct(db, p.id, { ...productInput(c.id), en_name: "", version: String(row.version) });
    expect(saved.translations).toEqual({ en: {} });
  });

  it("refuses an English name longer than 200 characters and writes nothing", async () => {
    const c = await category();
    const error = await rejection(createProduct(db, productInput(c.id, { en_name: "x".repeat(201) }), staff));
    expect(error.fieldErrors?.en_name).toBe("Tên tiếng Anh tối đa 200 ký tự");
    expect(await db.select().from(products)).toEqual([]);
  });
});

describe("admin products", () => {
  it("creates with defaults (stock 0, threshold 5, meta from name/description, active) and lists", async () => {
    const c = await category();
    const p = await createProduct(db, productInput(c.id), staff);
    expect(p).toMatchObject({
      price: 690_000,
      compareAtPrice: null,
      stockQuantity: 0,
      lowStockThreshold: 5,
      isFeatured: true,
      isBestSeller: false,
      trackStock: true,
      isActive: true,
      metaTitle: "Máy tiệt trùng UVC Trắng",
      metaDescription: "Diệt 99,9% vi khuẩn",
      features: ["Diệt 99,9% vi khuẩn", "Sạc USB-C"],
      tags: ["du lịch", "gia đình"],
      color: "white",
    });
    expect(p.searchText).toBe("may tiet trung uvc trang diet 99,9% vi khuan trang white may tiet trung");
  });

  it("refuses bad input field by field and writes nothing", async () => {
    const c = await category();
    const error = await rejection(
      createProduct(
        db,
        productInput(c.id, {
          sku: "",
          name: "",
          slug: "Sai Slug",
          price: "-1",
          categoryId: "",
          stockQuantity: "1.5x",
          color: "green",
        }), staff
      ),
    );
    expect(error.kind).toBe("invalid");
    expect(Object.keys(error.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(["sku", "name", "slug", "price", "categoryId", "stockQuantity", "color"]),
    );
    expect((await rejection(createProduct(db, productInput(999_999), staff))).fieldErrors?.categoryId).toBeDefined();
    const hidden = await category({ name: "Ẩn", slug: "an", isActive: "false" });
    expect((await rejection(createProduct(db, productInput(hidden.id), staff))).kind).toBe("invalid");
    expect(await db.select().from(products)).toHaveLength(0);
  });

  it("refuses a duplicate SKU (any case) or slug on that field", async () => {
    const c = await category();
    const p = await createProduct(db, productInput(c.id), staff);
    const sku = await rejection(createProduct(db, productInput(c.id, { sku: "uvc-001", slug: "khac" }), staff));
    expect(sku).toMatchObject({ kind: "conflict", fieldErrors: { sku: expect.stringMatching(/SKU/) } });
    const slug = await rejection(createProduct(db, productInput(c.id, { sku: "UVC-002" }), staff));
    expect(slug).toMatchObject({ kind: "conflict", fieldErrors: { slug: expect.stringMatching(/Slug/) } });
    const other = await createProduct(db, productInput(c.id, { sku: "UVC-002", slug: "uvc-2" }), staff);
    expect(
      (await rejection(updateProduct(db, other.id, productInput(c.id, { sku: p.sku, slug: "uvc-2", version: String(other.version) })))).fieldErrors
        ?.sku,
    ).toBeDefined();
    // Saving a product with its own SKU and slug is fine.
    const saved = await updateProduct(
      db,
      p.id,
      productInput(c.id, { name: "Máy tiệt trùng Đen", price: "700000", metaTitle: "Riêng", version: String(p.version) }),
    );
    expect(saved).toMatchObject({ name: "Máy tiệt trùng Đen", price: 700_000, metaTitle: "Riêng" });
    expect(saved.searchText).toContain("may tiet trung den");
  });

  it("searches accent-insensitively on name and SKU, filters by category, paginates newest first", async () => {
    const c = await category();
    const d = await category({ name: "Phụ kiện", slug: "phu-kien" });
    for (let i = 1; i <= 5; i++) {
      await createProduct(
        db,
        productInput(i % 2 ? c.id : d.id, {
          sku: `SKU-${i}`,
          slug: `p-${i}`,
          name: i === 3 ? "Hộp đựng du lịch" : `Bàn chải ${i}`,
        }), staff
      );
    }
    const all = await listProductsForConsole(db, { q: "", page: 1 }, 2);
    expect(all).toMatchObject({ total: 5, pageCount: 3, page: 1 });
    expect(all.rows.map((r) => r.sku)).toEqual(["SKU-5", "SKU-4"]);
    expect((await listProductsForConsole(db, { q: "", page: 9 }, 2)).page).toBe(3);
    expect((await listProductsForConsole(db, { q: "hop dung", page: 1 })).rows.map((r) => r.sku)).toEqual(["SKU-3"]);
    expect((await listProductsForConsole(db, { q: "HỘP ĐỰNG", page: 1 })).rows.map((r) => r.sku)).toEqual(["SKU-3"]);
    expect((await listProductsForConsole(db, { q: "sku-4", page: 1 })).rows.map((r) => r.sku)).toEqual(["SKU-4"]);
    // LIKE wildcards are literal: "9_9" does not match "99,9%", "%" only matches a real percent sign.
    expect((await listProductsForConsole(db, { q: "9_9", page: 1 })).total).toBe(0);
    expect((await listProductsForConsole(db, { q: "%", page: 1 })).total).toBe(5);
    expect((await listProductsForConsole(db, { q: "", category: d.id, page: 1 })).rows.map((r) => r.sku)).toEqual([
      "SKU-4",
      "SKU-2",
    ]);
  });

  it("archives, not deletes, a product that orders have: hidden, its order lines still linked", async () => {
    const c = await category();
    const p = await createProduct(db, productInput(c.id), staff);
    const [customer] = await db
      .insert(customers)
      .values({ email: "a@b.vn", firstName: "An", lastName: "Nguyễn" })
      .returning();
    const [order] = await db
      .insert(orders)
      .values({
        customerId: customer.id,
        email: "a@b.vn",
        phone: "+84901234567",
        firstName: "An",
        lastName: "Nguyễn",
        subtotal: 690_000,
        total: 690_000,
        address: "1 Lê Lợi",
        wardName: "Bến Nghé",
        wardCode: "26740",
        provinceName: "Hồ Chí Minh",
        provinceCode: "79",
        postalCode: "700000",
        idempotencyKey: "k-1",
      })
      .returning();
    await db.insert(orderItems).values({
      orderId: order.id,
      productId: p.id,
      productName: p.name,
      productSku: p.sku,
      quantity: 1,
      unitPrice: 690_000,
      totalPrice: 690_000,
    });
    // Without the version the page read, or over a newer one, nothing changes (decision 0014).
    const missing = await rejection(deleteProduct(db, storage, p.id, {}, staff));
    expect(missing).toMatchObject({ kind: "invalid", fieldErrors: { version: ROW_VERSION_MISSING_MESSAGE } });
    const stale = await rejection(deleteProduct(db, storage, p.id, { version: p.version + 1 }, staff));
    expect(stale).toMatchObject({ kind: "conflict", message: staleRowMessage("Sản phẩm") });
    expect(stale.message).toMatch(/đã được thay đổi sau khi bạn mở trang/);
    expect(await db.select({ isActive: products.isActive }).from(products).where(eq(products.id, p.id))).toEqual([
      { isActive: true },
    ]);

    expect(await deleteProduct(db, storage, p.id, { version: p.version }, staff)).toEqual({ parentId: null, archived: true });
    const [kept] = await db.select().from(products).where(eq(products.id, p.id));
    expect(kept).toMatchObject({ isActive: false, version: p.version + 1 });
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({
      productId: p.id,
      productName: "Máy tiệt trùng UVC Trắng",
      productSku: "UVC-001",
      totalPrice: 690_000,
    });
    // The version it was opened with is now stale; an unknown product is not found.
    expect((await rejection(deleteProduct(db, storage, p.id, { version: p.version }, staff))).kind).toBe("conflict");
    expect((await rejection(deleteProduct(db, storage, 999_999, { version: 1 }, staff))).kind).toBe("not_found");
  });

  it("stores HTML-looking text as plain text", async () => {
    const c = await category({ description: "<img src=x onerror=alert(1)>" });
    const p = await createProduct(db, productInput(c.id, { name: "<img src=x onerror=alert(1)>" }), staff);
    expect(c.description).toBe("<img src=x onerror=alert(1)>");
    expect((await getProductForEdit(db, p.id)).product.name).toBe("<img src=x onerror=alert(1)>");
  });

  it("gives the product's storefront address for the console's 'view in the shop' link", async () => {
    const c = await category({ name: "Xem trên cửa hàng", slug: "xem-tren-cua-hang" });
    const p = await createProduct(db, productInput(c.id, { sku: "LINK-001", slug: "may-xem-thu" }), staff);
    expect((await getProductForEdit(db, p.id)).storefrontPath).toBe("/collections/xem-tren-cua-hang/may-xem-thu");
  });
});

describe("product images", () => {
  it("recognises images by their bytes only", async () => {
    expect(detectImageType(await realPng(10, 10))).toBe("png");
    expect(
      detectImageType(
        await sharp(await realPng(10, 10))
          .jpeg()
          .toBuffer(),
      ),
    ).toBe("jpeg");
    expect(
      detectImageType(
        await sharp(await realPng(10, 10))
          .webp()
          .toBuffer(),
      ),
    ).toBe("webp");
    expect(
      detectImageType(
        await sharp(await realPng(16, 16))
          .avif()
          .toBuffer(),
      ),
    ).toBe("avif");
    expect(detectImageType(Buffer.from("hello, I am a text file named photo.png"))).toBeNull();
    expect(
      detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });

  it("refuses disguised files and oversized files, storing nothing", async () => {
    const c = await category();
    const p = await createProduct(db, productInput(c.id), staff);
    const text = await rejection(addProductImages(db, storage, p.id, [{ bytes: Buffer.from("not an image at all") }], staff));
    expect(text.message).toBe("Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    );
    expect(
      (await rejection(addProductImages(db, storage, p.id, [{ bytes: await realPng(20, 20) }, { bytes: svg }], staff)))
        .message,
    ).toBe("Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF");
    const big = Buffer.concat([await realPng(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    expect((await rejection(addProductImages(db, storage, p.id, [{ bytes: big }], staff))).message).toBe(
      "Ảnh quá lớn (tối đa 5 MB)",
    );
    // PNG magic bytes but not a PNG: refused when decoding, nothing left behind.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("garbage")]);
    expect((await rejection(addProductImages(db, storage, p.id, [{ bytes: fake }], staff))).kind).toBe("invalid");
    expect(await db.select().from(productImages)).toHaveLength(0);
    expect(readdirSync(uploadsDir, { recursive: true }).filter((f) => /\.(webp|avif)$/.test(String(f)))).toEqual([]);
  });

  it("stores a real PNG as WebP and AVIF at 400/800/1200 with width and height, orders, covers, deletes", async () => {
    const c = await category();
    const p = await createProduct(db, productInput(c.id), staff);
    const [first] = await addProductImages(db, storage, p.id, [{ bytes: await realPng(), alt: "Mặt trước" }], staff);
    expect(first).toMatchObject({ alt: "Mặt trước", width: 1200, height: 750, isCover: true, position: 0 });
    expect(first.url).toMatch(/^\/uploads\/products\/\d+\/[0-9a-f-]{36}-avif-1200\.webp$/);
    const files = readdirSync(path.join(uploadsDir, "products", String(p.id))).sort();
    expect(files.map((f) => f.replace(/^.*-(\d+\.\w+)$/, "$1")).sort()).toEqual(
      ["1200.avif", "1200.webp", "400.avif", "400.webp", "800.avif", "800.webp"],
    );
    const key = first.url.slice("/uploads/".length);
    const stored = await storage.get(key);
    expect(stored?.contentType).toBe("image/webp");
    expect((await sharp(Buffer.from(stored!.body)).metadata()).format).toBe("webp");
    const avif = await storage.get(key.replace(/\.webp$/, ".avif"));
    expect(avif?.contentType).toBe("image/avif");
    expect(await sharp(Buffer.from(avif!.body)).metadata()).toMatchObject({ format: "heif", compression: "av1", width: 1200 });
    expect(imageSrcSet(first.url)).toMatch(/-400\.webp 400w, .*-800\.webp 800w, .*-1200\.webp 1200w$/);
    expect(imageSrcSet(first.url, "avif")).toMatch(/-400\.avif 400w, .*-800\.avif 800w, .*-1200\.avif 1200w$/);

    const [small] = await addProductImages(db, storage, p.id, [
      {
        bytes: await sharp(await realPng(600, 300))
          .jpeg()
          .toBuffer(),
      },
    ], staff);
    expect(small).toMatchObject({ width: 600, height: 300, isCover: false, position: 1, alt: p.name });

    await moveProductImage(db, p.id, small.id, "up");
    await setProductCover(db, p.id, small.id);
    await setProductImageAlt(db, p.id, small.id, { alt: "Nhỏ", en_alt: "Small" });
    let images = (await getProductForEdit(db, p.id)).images;
    expect(images.map((i) => [i.id, i.position, i.isCover, i.alt, i.altEn])).toEqual([
      [small.id, 0, true, "Nhỏ", "Small"],
      [first.id, 1, false, "Mặt trước", ""],
    ]);
    expect((await rejection(setProductImageAlt(db, p.id, small.id, { alt: "x".repeat(301) }))).kind).toBe("invalid");
    const other = await createProduct(db, productInput(c.id, { sku: "O-1", slug: "o-1" }), staff);
    expect((await rejection(setProductCover(db, other.id, small.id))).kind).toBe("not_found");

    await deleteProductImage(db, storage, p.id, small.id, staff);
    images = (await getProductForEdit(db, p.id)).images;
    expect(images.map((i) => [i.id, i.position, i.isCover])).toEqual([[first.id, 0, true]]);
    expect(readdirSync(path.join(uploadsDir, "products", String(p.id)))).toHaveLength(6);

    await deleteProduct(db, storage, p.id, { version: p.version }, staff);
    expect(readdirSync(path.join(uploadsDir, "products", String(p.id)))).toHaveLength(0);
    const [{ n }] = await db.select({ n: count() }).from(productImages);
    expect(Number(n)).toBe(0);
  });

  it("saves an image's Vietnamese and English alts together; a bad one is refused by field and nothing is written", async () => {
    const c = await category();
    const p = await createProduct(db, productInput(c.id), staff);
    const [image] = await addProductImages(db, storage, p.id, [{ bytes: await realPng(), alt: "Mặt trước" }], staff);
    expect(image).toMatchObject({ alt: "Mặt trước", altEn: "" });

    await setProductImageAlt(db, p.id, image.id, { alt: "  Máy, mặt trước ", en_alt: " The sterilizer, front view " });
    const saved = async () => (await getProductForEdit(db, p.id)).images.map((i) => [i.alt, i.altEn]);
    expect(await saved()).toEqual([["Máy, mặt trước", "The sterilizer, front view"]]);

    const tooLongEnglish = await rejection(setProductImageAlt(db, p.id, image.id, { alt: "Mới", en_alt: "x".repeat(301) }));
    expect(tooLongEnglish.kind).toBe("invalid");
    expect(tooLongEnglish.fieldErrors).toEqual({ en_alt: "Mô tả ảnh (tiếng Anh) tối đa 300 ký tự" });
    const tooLongVietnamese = await rejection(setProductImageAlt(db, p.id, image.id, { alt: "x".repeat(301), en_alt: "New" }));
    expect(tooLongVietnamese.fieldErrors).toEqual({ alt: "Mô tả ảnh tối đa 300 ký tự" });
    expect(await saved()).toEqual([["Máy, mặt trước", "The sterilizer, front view"]]);

    const other = await createProduct(db, productInput(c.id, { sku: "O-2", slug: "o-2" }), staff);
    expect((await rejection(setProductImageAlt(db, other.id, image.id, { alt: "Khác", en_alt: "Other" }))).kind).toBe("not_found");
    expect(await saved()).toEqual([["Máy, mặt trước", "The sterilizer, front view"]]);
  });

  it("stores and deletes images the same way in an S3-compatible bucket", async () => {
    const s3 = await startTestS3Server();
    try {
      const bucket = createS3Storage(s3.config);
      const c = await category();
      const p = await createProduct(db, productInput(c.id), staff);
      const [image] = await addProductImages(db, bucket, p.id, [{ bytes: await realPng(900, 600) }], staff);
      expect(image).toMatchObject({ width: 900, height: 600 });
      const keys = uploadedKeysOf(image.url);
      expect(keys).toHaveLength(6);
      for (const key of keys) expect((await bucket.get(key))?.body.byteLength).toBeGreaterThan(0);
      await deleteProduct(db, bucket, p.id, { version: p.version }, staff);
      for (const key of keys) expect(await bucket.get(key)).toBeNull();
    } finally {
      await s3.stop();
    }
  });
});

describe("a product created with its images (issue 18)", () => {
  const files = () => readdirSync(uploadsDir, { recursive: true }).filter((f) => String(f).endsWith(".webp"));

  it("creates the product and its images in one request, the first the cover, alt texts kept", async () => {
    const c = await category();
    const p = await createProductWithImages(db, storage, productInput(c.id), [
      { bytes: await realPng(40, 40), alt: "Mặt trước" },
      { bytes: await realPng(30, 30), alt: "" },
    ], staff);
    const images = await db.select().from(productImages).where(eq(productImages.productId, p.id));
    expect(images.map((i) => ({ alt: i.alt, isCover: i.isCover, position: i.position }))).toEqual([
      { alt: "Mặt trước", isCover: true, position: 0 },
      { alt: p.name, isCover: false, position: 1 },
    ]);
    expect(files().length).toBeGreaterThan(0);
  });

  it("creates nothing when an image is refused, or when the product's fields are", async () => {
    const c = await category();
    const bad = await rejection(
      createProductWithImages(db, storage, productInput(c.id), [
        { bytes: await realPng(20, 20) },
        { bytes: Buffer.from("I am text, not a PNG") },
      ], staff),
    );
    expect(bad.message).toBe("Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF");
    expect(bad.fieldErrors?.images).toBe("Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF");
    const invalid = await rejection(
      createProductWithImages(db, storage, productInput(c.id, { name: "" }), [{ bytes: await realPng(20, 20) }], staff),
    );
    expect(invalid.fieldErrors?.name).toBeTruthy();
    expect((await db.select({ n: count() }).from(products))[0].n).toBe(0);
    expect(files()).toEqual([]);
  });

  it("deletes the new product again when storing its images fails", async () => {
    const c = await category();
    const failing: Storage = {
      publicUrl: (key) => storage.publicUrl(key),
      put: () => Promise.reject(new Error("disk full")),
      get: (key) => storage.get(key),
      delete: (key) => storage.delete(key),
    };
    const error = await createProductWithImages(db, failing, productInput(c.id), [{ bytes: await realPng(20, 20) }], staff).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe("disk full");
    expect((await db.select({ n: count() }).from(products))[0].n).toBe(0);
  });

  it("without images is a plain create", async () => {
    const c = await category();
    const p = await createProductWithImages(db, storage, productInput(c.id), [], staff);
    expect(await db.select().from(productImages).where(eq(productImages.productId, p.id))).toEqual([]);
  });
});
