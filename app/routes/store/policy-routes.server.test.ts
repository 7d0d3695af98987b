import type { AppLoadContext } from "react-router";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pages } from "~/db/schema";
import { saveSetting } from "~/features/settings/settings.server";
import { setUpTestDatabase } from "~/test/database";
import { callRoute } from "~/test/route-call";
import * as policyPage from "./policy";

// Issue 31: the shipping policy's delivery figures are the delivery rules', in each language.
const database = await setUpTestDatabase({ seed: "shop-without-content" });
const context = { database } as unknown as AppLoadContext;

async function shippingPolicyHtml(locale: "vi" | "en"): Promise<string> {
  const prefix = locale === "en" ? "/en" : "";
  const answer = await callRoute(policyPage.loader, new Request(`http://localhost:3000${prefix}/policies/shipping`), context, {
    slug: "shipping",
  });
  expect(answer.status).toBe(200);
  return (answer.body as { html: string }).html;
}

describe("the shipping policy's delivery times", () => {
  it("states the seeded rules: HCM and Hà Nội 1–2 working days (slots in HCM), elsewhere 2–5, the 15:00 cut-off", async () => {
    const vi = await shippingPolicyHtml("vi");
    expect(vi).toContain(
      "<ul><li>Nội thành TP. Hồ Chí Minh: 1–2 ngày làm việc; hoặc chọn ngày và khung giờ giao 1 tiếng.</li>" +
        "<li>Nội thành Hà Nội: 1–2 ngày làm việc.</li>" +
        "<li>Các tỉnh, thành khác: 2–5 ngày làm việc.</li>" +
        "<li>Đơn đặt trước 15:00 được xác nhận",
    );
    const en = await shippingPolicyHtml("en");
    expect(en).toContain(
      "<ul><li>Inner Ho Chi Minh City: 1–2 working days, or on a day and 1-hour slot you choose.</li>" +
        "<li>Inner Hanoi: 1–2 working days.</li>" +
        "<li>Other provinces and cities: 2–5 working days.</li>" +
        "<li>Orders placed before 15:00 are confirmed",
    );
    expect(en).not.toMatch(/ngày|Nội thành/);
  });

  it("follows the rules the merchant saves; a region's name stays text (no markup, no HTML)", async () => {
    await saveSetting(context.database.db, "delivery", {
      regions: [
        { name: "Miền <b>Trung</b> [x](https://evil.example) **đậm**", provinceCodes: ["46", "48"], minDays: 2, maxDays: 3 },
      ],
      otherMinDays: 3,
      otherMaxDays: 6,
      cutoffTime: "14:30",
    });
    const vi = await shippingPolicyHtml("vi");
    expect(vi).toContain(
      "<li>Miền &lt;b&gt;Trung&lt;/b&gt; [x](https://evil.example) **đậm**: 2–3 ngày làm việc.</li>" +
        "<li>Các tỉnh, thành khác: 3–6 ngày làm việc.</li>" +
        "<li>Đơn đặt trước 14:30 được xác nhận",
    );
    expect(vi).not.toContain("evil.example\"");
    expect(vi).not.toContain("1–2 ngày");
    // No English name: the English page shows the Vietnamese one rather than nothing.
    expect(await shippingPolicyHtml("en")).toContain("<li>Other provinces and cities: 3–6 working days.</li>");

    await saveSetting(context.database.db, "delivery", { regions: [], otherMinDays: 2, otherMaxDays: 4 });
    expect(await shippingPolicyHtml("vi")).toContain("<li>Toàn quốc: 2–4 ngày làm việc.</li>");
    expect(await shippingPolicyHtml("en")).toContain("<li>All of Vietnam: 2–4 working days.</li>");
  });

  it("keeps a policy the merchant wrote in their own words", async () => {
    const body = "## Thời gian giao hàng\n- Toàn quốc: 3 ngày, trừ Chủ nhật.";
    await database.db.update(pages).set({ body }).where(eq(pages.slug, "shipping"));
    expect(await shippingPolicyHtml("vi")).toBe("<h2>Thời gian giao hàng</h2>\n<ul><li>Toàn quốc: 3 ngày, trừ Chủ nhật.</li></ul>");
  });
});
