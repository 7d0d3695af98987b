import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pages } from "~/db/schema";
import { AppError } from "~/server/errors.server";
import { setUpTestDatabase } from "~/test/database";
import {
  createPage,
  deletePage,
  getPublishedPage,
  insertStartingPages,
  listAdminPages,
  listPublishedPosts,
  listPolicyLinks,
  SLUG_TAKEN_MESSAGE,
  updatePage,
} from "./pages.server";
import { startingPolicies } from "./starting-policies";
import { startingPosts } from "./starting-posts";

const { db } = await setUpTestDatabase({ resetTables: [pages] });

const form = (values: Record<string, string>) => ({
  kind: "policy",
  slug: "doi-tra",
  title: "Đổi trả",
  titleEn: "",
  excerpt: "",
  excerptEn: "",
  body: "Trong **30 ngày**.",
  bodyEn: "",
  seoTitle: "",
  seoTitleEn: "",
  seoDescription: "",
  seoDescriptionEn: "",
  coverImage: "",
  author: "",
  tags: "",
  relatedProductIds: "",
  status: "draft",
  publishedAt: "",
  sortOrder: "0",
  ...values,
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("pages: create, edit, publish", () => {
  it("creates a draft, hidden from the storefront until published", async () => {
    const draft = await createPage(db, form({}));
    expect(draft).toMatchObject({ kind: "policy", slug: "doi-tra", status: "draft", publishedAt: null, version: 1 });
    expect(await getPublishedPage(db, "policy", "doi-tra", "vi")).toBeNull();
    expect(await listPolicyLinks(db, "vi")).toEqual([]);

    const now = new Date("2026-11-26T03:00:00Z");
    const published = await updatePage(
      db,
      { id: draft.id, version: 1 },
      form({ status: "published", titleEn: "Returns", bodyEn: "Within **30 days**." }),
      now,
    );
    expect(published).toMatchObject({ status: "published", publishedAt: now.toISOString(), version: 2 });
    const vi = await getPublishedPage(db, "policy", "doi-tra", "vi");
    const en = await getPublishedPage(db, "policy", "doi-tra", "en");
    expect(vi).toMatchObject({ title: "Đổi trả", body: "Trong **30 ngày**." });
    expect(en).toMatchObject({ title: "Returns", body: "Within **30 days**." });
    expect(await listPolicyLinks(db, "en")).toEqual([{ slug: "doi-tra", title: "Returns" }]);
  });

  it("shows the Vietnamese text on /en where no English one is written", async () => {
    await createPage(db, form({ status: "published" }));
    expect(await getPublishedPage(db, "policy", "doi-tra", "en")).toMatchObject({ title: "Đổi trả", body: "Trong **30 ngày**." });
  });

  it("hides a scheduled post until its time (Vietnam time as typed)", async () => {
    await createPage(
      db,
      form({ kind: "post", slug: "uvc-c", title: "UVC-C", status: "published", publishedAt: "2026-12-01T08:00" }),
    );
    const [row] = await db.select().from(pages).where(eq(pages.slug, "uvc-c"));
    expect(row.publishedAt?.toISOString()).toBe("2026-12-01T01:00:00.000Z");
    expect(await getPublishedPage(db, "post", "uvc-c", "vi", new Date("2026-12-01T00:59:00Z"))).toBeNull();
    expect(await getPublishedPage(db, "post", "uvc-c", "vi", new Date("2026-12-01T01:00:00Z"))).toMatchObject({
      title: "UVC-C",
    });
  });

  it("refuses a stale save and a deleted page, writing nothing", async () => {
    const page = await createPage(db, form({}));
    await updatePage(db, { id: page.id, version: 1 }, form({ title: "Lần một" }));
    const stale = await refusal(updatePage(db, { id: page.id, version: 1 }, form({ title: "Lần hai" })));
    expect(stale.kind).toBe("conflict");
    expect(stale.fieldErrors?.version).toBeTruthy();
    expect((await listAdminPages(db, "policy"))[0].title).toBe("Lần một");

    await deletePage(db, { id: page.id, version: 2 });
    const gone = await refusal(updatePage(db, { id: page.id, version: 2 }, form({})));
    expect(gone.kind).toBe("not_found");
  });
});

describe("pages: slugs", () => {
  it("refuses a slug its kind already uses, and allows it for the other kind", async () => {
    await createPage(db, form({}));
    const taken = await refusal(createPage(db, form({ title: "Khác" })));
    expect(taken.kind).toBe("conflict");
    expect(taken.fieldErrors).toEqual({ slug: SLUG_TAKEN_MESSAGE });
    expect(await listAdminPages(db, "policy")).toHaveLength(1);

    await createPage(db, form({ kind: "post" }));
    expect(await listAdminPages(db, "post")).toHaveLength(1);

    const other = await createPage(db, form({ slug: "bao-mat" }));
    const renamed = await refusal(updatePage(db, { id: other.id, version: 1 }, form({ slug: "doi-tra" })));
    expect(renamed.fieldErrors).toEqual({ slug: SLUG_TAKEN_MESSAGE });
  });
});

describe("pages: bad input", () => {
  it("refuses it with Vietnamese messages and writes nothing", async () => {
    const bad = await refusal(
      createPage(
        db,
        form({
          slug: "Đổi Trả!",
          title: "  ",
          body: "",
          coverImage: "https://evil.example/a.png",
          publishedAt: "2026-02-30T10:00",
          relatedProductIds: "3, abc",
          kind: "page",
        }),
      ),
    );
    expect(bad.kind).toBe("invalid");
    expect(bad.fieldErrors).toMatchObject({
      kind: "Loại trang không hợp lệ",
      slug: "Đường dẫn chỉ gồm chữ thường không dấu, số và dấu gạch ngang",
      title: "Vui lòng nhập tiêu đề",
      body: "Vui lòng nhập nội dung",
      coverImage: "Ảnh bìa phải là ảnh của cửa hàng (bắt đầu bằng /uploads/ hoặc /images/)",
      publishedAt: "Ngày đăng không hợp lệ",
    });
    expect(bad.fieldErrors?.["relatedProductIds.1"]).toBe("Mã sản phẩm liên quan phải là số");
    expect(await db.select().from(pages)).toEqual([]);
  });

  it("keeps tags tidy", async () => {
    const post = await createPage(db, form({ kind: "post", tags: " UVC, du lịch,uvc ,, " }));
    expect(post.tags).toEqual(["uvc", "du lịch"]);
  });
});

describe("starting policies", () => {
  it("are inserted once, in footer order, leaving edited ones as they are", async () => {
    await db.transaction((tx) => insertStartingPages(tx, startingPolicies));
    const links = await listPolicyLinks(db, "vi");
    expect(links.map((l) => l.slug)).toEqual(["shipping", "returns-warranty", "privacy", "terms", "payment"]);
    const [returns] = await db.select().from(pages).where(eq(pages.slug, "returns-warranty"));
    expect(returns.body).toContain("30 ngày");
    expect(returns.bodyEn).toContain("30 days");
    const privacy = await getPublishedPage(db, "policy", "privacy", "vi");
    expect(privacy?.body).toContain("Nghị định 13/2023/NĐ-CP");

    await db.update(pages).set({ title: "Giao hàng của shop" }).where(eq(pages.slug, "shipping"));
    await db.transaction((tx) => insertStartingPages(tx, startingPolicies));
    expect((await listPolicyLinks(db, "vi"))[0].title).toBe("Giao hàng của shop");
    expect(await db.select().from(pages)).toHaveLength(5);
  });
});

describe("published posts", () => {
  it("are listed newest first, a page at a time, in a language; drafts and scheduled ones left out", async () => {
    const now = new Date("2026-11-26T03:00:00Z");
    await db.transaction((tx) => insertStartingPages(tx, startingPosts, new Date("2026-11-01T00:00:00Z")));
    await createPage(db, form({ kind: "post", slug: "moi-nhat", title: "Mới nhất", status: "published", publishedAt: "2026-11-20T08:00" }), now);
    await createPage(db, form({ kind: "post", slug: "nhap", title: "Nháp" }), now);
    await createPage(db, form({ kind: "post", slug: "sap-dang", title: "Sắp đăng", status: "published", publishedAt: "2026-12-24T08:00" }), now);

    const first = await listPublishedPosts(db, "vi", { page: 1, pageSize: 2, now });
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 4, pageCount: 2 });
    expect(first.rows.map((p) => p.slug)).toEqual(["moi-nhat", expect.any(String)]);
    const second = await listPublishedPosts(db, "en", { page: 9, pageSize: 2, now });
    expect(second.page).toBe(2);
    expect(second.rows).toHaveLength(2);
    const english = await listPublishedPosts(db, "en", { now });
    expect(english.rows.map((p) => p.title)).toEqual(
      expect.arrayContaining(["How does UV-C light stop germs?", "Caring for your toothbrush", "Keeping your toothbrush clean when travelling"]),
    );
    expect(english.rows.some((p) => p.slug === "nhap" || p.slug === "sap-dang")).toBe(false);
    // Tags are Vietnamese words: the English site shows none (issue 31), the Vietnamese one keeps them.
    expect(english.rows.map((p) => p.tags)).toEqual(english.rows.map(() => []));
    expect((await getPublishedPage(db, "post", "ve-sinh-ban-chai-khi-di-du-lich", "en", now))?.tags).toEqual([]);
    expect((await getPublishedPage(db, "post", "ve-sinh-ban-chai-khi-di-du-lich", "vi", now))?.tags).toEqual(["du lịch", "chăm sóc răng miệng"]);
    expect((await listPublishedPosts(db, "vi", { now })).rows.find((p) => p.slug === "tia-uvc-c-diet-khuan-nhu-the-nao")?.tags).toEqual([
      "uvc",
      "khoa học",
    ]);
  });
});
