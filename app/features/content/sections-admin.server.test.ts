import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { sectionContent, sections } from "~/db/schema";
import { uploadedKeysOf } from "~/lib/image-variants";
import { createLocalStorage } from "~/server/storage.server";
import { setUpTestDatabase } from "~/test/database";
import { getPageContent, invalidateContentCache } from "./content.server";
import { seedContent } from "~/features/seed/content-seed.server";
import {
  listSectionPages,
  listSections,
  reorderSections,
  saveSectionContent,
  setSectionActive,
} from "./sections-admin.server";
import { readContentUploads, readContentValues } from "./sections-admin.schema";
import { thrownAppError } from "~/test/app-error";

const { db } = await setUpTestDatabase({ resetTables: [sectionContent, sections] });

beforeEach(async () => {
  invalidateContentCache();
  await seedContent(db);
});

/** A section as an editor opened now sees it (its id and current version). */
async function current(id: number): Promise<{ id: number; version: number }> {
  const [row] = await db.select({ id: sections.id, version: sections.version }).from(sections).where(eq(sections.id, id));
  return row;
}

describe("listSections", () => {
  it("lists a page's sections by section_order with their typed content rows", async () => {
    const home = await listSections(db, "home");
    expect(home.map((s) => s.sectionKey)).toEqual([
      "hero",
      "brand_description",
      "color_chooser",
      "how_it_works",
      "why_choose",
      "lifestyle_benefits",
      "testimonials",
      "trust_indicators",
      "instagram_gallery",
    ]);
    const hero = home[0];
    expect(hero.isActive).toBe(true);
    const types = Object.fromEntries(hero.content.map((c) => [c.contentKey, c.contentType]));
    expect(types).toMatchObject({ background_image: "image", heading: "text", description: "text" });
    const brand = home[1].content.find((c) => c.contentKey === "background_color");
    expect(brand).toMatchObject({ contentType: "color", contentValue: "#f0f7f7" });
    expect(home[3].content.find((c) => c.contentKey === "steps")?.contentType).toBe("json");
    expect(await listSections(db, "nowhere")).toEqual([]);
  });

  it("offers every page with defaults plus pages that only exist in the table", async () => {
    await db.insert(sections).values({ pageName: "landing", sectionKey: "promo", sectionOrder: 0 });
    expect(await listSectionPages(db)).toEqual(["home", "about", "blog", "technology", "footer", "top_bar", "landing"]);
  });
});

describe("setSectionActive", () => {
  it("hides a section on the storefront at once (cache dropped) and shows it again", async () => {
    const before = await getPageContent(db, "home");
    expect(before.order).toContain("testimonials");
    const section = (await listSections(db, "home")).find((s) => s.sectionKey === "testimonials")!;

    await setSectionActive(db, section.id, false);
    expect((await getPageContent(db, "home")).order).not.toContain("testimonials");

    await setSectionActive(db, section.id, true);
    expect((await getPageContent(db, "home")).order).toContain("testimonials");
  });

  it("refuses an unknown section", async () => {
    expect((await thrownAppError(setSectionActive(db, 999_999, false))).kind).toBe("not_found");
  });
});

describe("reorderSections", () => {
  it("rewrites section_order as 0..n in the given order, and the storefront follows", async () => {
    const about = await listSections(db, "about");
    const reversed = about.map((s) => s.id).reverse();
    await getPageContent(db, "about"); // warm the cache
    await reorderSections(db, "about", reversed);

    const after = await listSections(db, "about");
    expect(after.map((s) => s.id)).toEqual(reversed);
    expect(after.map((s) => s.sectionOrder)).toEqual([0, 1, 2, 3]);
    expect((await getPageContent(db, "about")).order).toEqual(["why_choose", "technology", "mission", "intro"]);
  });

  it("refuses a list that is not exactly the page's sections, and changes nothing", async () => {
    const about = await listSections(db, "about");
    const ids = about.map((s) => s.id);
    const home = await listSections(db, "home");
    for (const bad of [ids.slice(1), [...ids, ids[0]], [ids[1], ids[0], ids[2], home[0].id], []]) {
      expect((await thrownAppError(reorderSections(db, "about", bad))).kind).toBe("invalid");
    }
    expect((await listSections(db, "about")).map((s) => [s.id, s.sectionOrder])).toEqual(about.map((s) => [s.id, s.sectionOrder]));
    expect((await listSections(db, "home")).map((s) => s.sectionOrder)).toEqual(home.map((s) => s.sectionOrder));
  });
});

describe("saveSectionContent", () => {
  async function heroRows() {
    const hero = (await listSections(db, "home")).find((s) => s.sectionKey === "hero")!;
    const row = (key: string) => hero.content.find((c) => c.contentKey === key)!;
    return { hero, row };
  }

  it("saves several rows together and the storefront shows them at once", async () => {
    await getPageContent(db, "home"); // warm the cache
    const { hero, row } = await heroRows();
    const result = await saveSectionContent(db, await current(hero.id), [
      { id: row("heading").id, value: "Bàn chải sạch mỗi ngày" },
      { id: row("background_image").id, value: " https://cdn.example.com/hero.jpg " },
    ]);
    expect(result).toEqual({ pageName: "home", saved: 2, version: 2 });
    const home = await getPageContent(db, "home");
    expect(home.sections.hero.content.heading).toBe("Bàn chải sạch mỗi ngày");
    expect(home.sections.hero.content.background_image).toBe("https://cdn.example.com/hero.jpg");
  });

  it("saves JSON that matches its key's shape and colours in hex", async () => {
    const steps = (await listSections(db, "home")).find((s) => s.sectionKey === "how_it_works")!;
    const stepsRow = steps.content.find((c) => c.contentKey === "steps")!;
    const value = JSON.stringify([{ number: 1, title: "Một bước", description: "Xong" }]);
    await saveSectionContent(db, await current(steps.id), [{ id: stepsRow.id, value }]);
    expect((await getPageContent(db, "home")).sections.how_it_works.content.steps).toEqual([
      { number: 1, title: "Một bước", description: "Xong" },
    ]);

    const bar = (await listSections(db, "top_bar"))[0];
    const color = bar.content.find((c) => c.contentKey === "background_color")!;
    await saveSectionContent(db, await current(bar.id), [{ id: color.id, value: "#3aafa9" }]);
    expect((await getPageContent(db, "top_bar")).sections.announcement.content.background_color).toBe("#3aafa9");
  });

  it("refuses invalid JSON, JSON of the wrong shape, bad colours, bad images and blanks, writing nothing", async () => {
    const { hero, row } = await heroRows();
    const before = await db.select().from(sectionContent).orderBy(sectionContent.id);

    // One good value next to a bad one: the good one is not written either.
    const error = await thrownAppError(
      saveSectionContent(db, await current(hero.id), [
        { id: row("heading").id, value: "Sẽ không được lưu" },
        { id: row("background_image").id, value: "javascript:alert(1)" },
        { id: row("description").id, value: "   " },
      ]),
    );
    expect(error.kind).toBe("invalid");
    expect(error.fieldErrors).toEqual({
      [row("background_image").id]: "Ảnh phải là đường dẫn bắt đầu bằng / hoặc URL http(s)://",
      [row("description").id]: "Không được để trống",
    });

    const steps = (await listSections(db, "home")).find((s) => s.sectionKey === "how_it_works")!;
    const stepsRow = steps.content.find((c) => c.contentKey === "steps")!;
    const invalidJson = await thrownAppError(saveSectionContent(db, await current(steps.id), [{ id: stepsRow.id, value: "[{" }]));
    expect(invalidJson.fieldErrors?.[stepsRow.id]).toMatch(/^JSON không hợp lệ: /);
    const wrongShape = await thrownAppError(saveSectionContent(db, await current(steps.id), [{ id: stepsRow.id, value: '[{"title": 5}]' }]));
    expect(wrongShape.fieldErrors?.[stepsRow.id]).toMatch(/^JSON không đúng cấu trúc/);

    const brand = (await listSections(db, "home")).find((s) => s.sectionKey === "brand_description")!;
    const color = brand.content.find((c) => c.contentKey === "background_color")!;
    const badColor = await thrownAppError(saveSectionContent(db, await current(brand.id), [{ id: color.id, value: "red; background:url(x)" }]));
    expect(badColor.fieldErrors?.[color.id]).toBe("Mã màu phải có dạng #RRGGBB");

    // Footer links are hrefs: a javascript: URL is refused with the field's own message.
    const links = (await listSections(db, "footer")).find((s) => s.sectionKey === "links")!;
    const aboutLinks = links.content.find((c) => c.contentKey === "about_links")!;
    const scriptLink = await thrownAppError(
      saveSectionContent(db, await current(links.id), [{ id: aboutLinks.id, value: JSON.stringify([{ text: "x", url: "javascript:alert(1)" }]) }]),
    );
    expect(scriptLink.fieldErrors?.[aboutLinks.id]).toContain("Liên kết phải là đường dẫn bắt đầu bằng /");

    // A row of another section is refused.
    const foreign = await thrownAppError(saveSectionContent(db, await current(brand.id), [{ id: row("heading").id, value: "x" }]));
    expect(foreign.fieldErrors?.[row("heading").id]).toBe("Nội dung không thuộc section này");
    expect((await thrownAppError(saveSectionContent(db, { id: 999_999, version: 1 }, []))).kind).toBe("not_found");

    expect(await db.select().from(sectionContent).orderBy(sectionContent.id)).toEqual(before);
  });

  it("edits each text in both languages; an English text may be emptied (the Vietnamese shows), a Vietnamese one may not", async () => {
    const hero = (await listSections(db, "home")).find((s) => s.sectionKey === "hero")!;
    const headings = hero.content.filter((c) => c.contentKey === "heading");
    expect(headings.map((c) => c.locale)).toEqual(["vi", "en"]);
    expect(hero.content.filter((c) => c.contentKey === "background_image").map((c) => c.locale)).toEqual(["vi"]);
    const [vi, en] = headings;

    await saveSectionContent(db, await current(hero.id), [
      { id: vi.id, value: "Bàn chải sạch mỗi ngày" },
      { id: en.id, value: "" },
    ]);
    expect((await getPageContent(db, "home", { locale: "en" })).sections.hero.content.heading).toBe("Bàn chải sạch mỗi ngày");

    const error = await thrownAppError(saveSectionContent(db, await current(hero.id), [{ id: vi.id, value: " " }]));
    expect(error.fieldErrors?.[String(vi.id)]).toBe("Không được để trống");
    expect((await getPageContent(db, "home")).sections.hero.content.heading).toBe("Bàn chải sạch mỗi ngày");
  });

  it("stores XSS-looking text as plain text (the storefront renders it as React text)", async () => {
    const { hero, row } = await heroRows();
    const payload = "</script><script>alert(1)</script><img src=x onerror=alert(1)>";
    await saveSectionContent(db, await current(hero.id), [{ id: row("heading").id, value: payload }]);
    const [stored] = await db.select().from(sectionContent).where(eq(sectionContent.id, row("heading").id));
    expect(stored.contentValue).toBe(payload);
    expect((await getPageContent(db, "home")).sections.hero.content.heading).toBe(payload);
  });
});

describe("saveSectionContent with uploaded images", () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 240, g: 200, b: 80 } } })
      .png()
      .toBuffer();
  const storedFiles = (folder: string) => readdirSync(folder, { recursive: true }).map(String).filter((f) => /\.(webp|avif)$/.test(f));

  async function hero() {
    const section = (await listSections(db, "home")).find((s) => s.sectionKey === "hero")!;
    const row = (key: string) => section.content.find((c) => c.contentKey === key)!;
    return { section, row };
  }

  it("stores the file through the shared pipeline (WebP + AVIF), points the row at it, and deletes a replaced upload", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "section-uploads-"));
    const storage = createLocalStorage(folder);
    const { section, row } = await hero();
    const image = row("background_image");
    await getPageContent(db, "home"); // warm the cache
    const first = await saveSectionContent(db, await current(section.id),
      [
        { id: row("heading").id, value: "Ảnh mới" },
        { id: image.id, value: "" }, // the address box may be blank when a file is chosen
      ],
      { storage, files: [{ id: image.id, bytes: await png(1600, 900) }] },
    );
    expect(first).toEqual({ pageName: "home", saved: 2, version: 2 });
    const content = (await getPageContent(db, "home")).sections.hero.content;
    expect(content.heading).toBe("Ảnh mới");
    expect(content.background_image).toMatch(/^\/uploads\/sections\/[0-9a-f-]{36}-avif-1200\.webp$/);
    expect(storedFiles(folder)).toHaveLength(6);
    const firstUrl = String(content.background_image);
    const stored = await storage.get(firstUrl.slice("/uploads/".length));
    expect((await sharp(Buffer.from(stored!.body)).metadata()).width).toBe(1200);

    // A second upload replaces the first: the first upload's files go.
    await saveSectionContent(db, await current(section.id), [], { storage, files: [{ id: image.id, bytes: await png(500, 300) }] });
    const secondUrl = String((await getPageContent(db, "home")).sections.hero.content.background_image);
    expect(secondUrl).toMatch(/-avif-500\.webp$/);
    expect(uploadedKeysOf(secondUrl)).toHaveLength(4); // 400 and 500 wide, WebP and AVIF
    expect(storedFiles(folder).sort()).toEqual(uploadedKeysOf(secondUrl).map((key) => key.split("/").join(path.sep)).sort());

    // Back to a site image by address: the upload is deleted too.
    await saveSectionContent(db, await current(section.id), [{ id: image.id, value: "/images/home/hero.svg" }], { storage, files: [] });
    expect(storedFiles(folder)).toEqual([]);
  });

  it("refuses disguised, oversized or misplaced files with the row's message, storing and writing nothing", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "section-uploads-"));
    const storage = createLocalStorage(folder);
    const { section, row } = await hero();
    const image = row("background_image");
    const before = await db.select().from(sectionContent).where(eq(sectionContent.sectionId, section.id));

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const disguised = await thrownAppError(
      saveSectionContent(db, await current(section.id), [{ id: row("heading").id, value: "Không lưu" }], { storage, files: [{ id: image.id, bytes: svg }] }),
    );
    expect(disguised.kind).toBe("invalid");
    expect(disguised.message).toBe("Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF");
    expect(disguised.fieldErrors).toEqual({ [String(image.id)]: "Chỉ nhận ảnh JPEG, PNG, WebP hoặc AVIF" });

    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024)]);
    const oversized = await thrownAppError(saveSectionContent(db, await current(section.id), [], { storage, files: [{ id: image.id, bytes: big }] }));
    expect(oversized.fieldErrors).toEqual({ [String(image.id)]: "Ảnh quá lớn (tối đa 5 MB)" });

    const onText = await thrownAppError(saveSectionContent(db, await current(section.id), [], { storage, files: [{ id: row("heading").id, bytes: await png(20, 20) }] }));
    expect(onText.fieldErrors).toEqual({ [String(row("heading").id)]: "Chỉ tải ảnh lên cho nội dung kiểu ảnh của section này" });

    const twice = await thrownAppError(
      saveSectionContent(db, await current(section.id), [], {
        storage,
        files: [
          { id: image.id, bytes: await png(20, 20) },
          { id: image.id, bytes: await png(30, 30) },
        ],
      }),
    );
    expect(twice.fieldErrors).toEqual({ [String(image.id)]: "Chỉ chọn một ảnh cho mỗi nội dung" });

    // A good file with a bad value elsewhere in the section: nothing is encoded or stored.
    const badValue = await thrownAppError(
      saveSectionContent(db, await current(section.id), [{ id: row("heading").id, value: "   " }], { storage, files: [{ id: image.id, bytes: await png(20, 20) }] }),
    );
    expect(Object.keys(badValue.fieldErrors ?? {})).toEqual([String(row("heading").id)]);

    // PNG magic bytes but not decodable: refused after the cheap checks, nothing left behind.
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("garbage")]);
    expect((await thrownAppError(saveSectionContent(db, await current(section.id), [], { storage, files: [{ id: image.id, bytes: broken }] }))).kind).toBe(
      "invalid",
    );

    expect(storedFiles(folder)).toEqual([]);
    expect(await db.select().from(sectionContent).where(eq(sectionContent.sectionId, section.id))).toEqual(before);
  });
});

describe("readContentUploads", () => {
  it("reads the non-empty upload.<id> files of a save form", () => {
    const form = new FormData();
    form.set("upload.5", new File([new Uint8Array([1, 2])], "a.png", { type: "image/png" }));
    form.set("upload.6", new File([], "", { type: "application/octet-stream" }));
    form.set("upload.7", "not a file");
    form.set("upload.x", new File([new Uint8Array([1])], "b.png"));
    expect(readContentUploads(form).map((u) => [u.id, u.file.name, u.file.size])).toEqual([[5, "a.png", 2]]);
  });
});

describe("readContentValues", () => {
  it("reads the content.<id> fields of a save form", () => {
    const form = new FormData();
    form.set("intent", "save");
    form.set("content.12", "a");
    form.set("content.7", "b");
    form.set("content.x", "ignored");
    expect(readContentValues(form)).toEqual([
      { id: 12, value: "a" },
      { id: 7, value: "b" },
    ]);
  });
});
