import { describe, expect, it } from "vitest";
import { parseCheckoutData, emptyCheckoutData } from "./checkout-progress";
import {
  addDays,
  dateInVietnam,
  deliveryDateRange,
  deliverySlots,
  discountCodeSchema,
  shippingSchemaFor,
  placeOrderSchemaFor,
  informationSchemaFor,
} from "./checkout.schema";
import {
  defaultSettingsFor,
  checkoutFieldsSettingsSchema,
  specCheckoutLayout,
  vietnamCodPreset,
  type CheckoutFieldsSettings,
} from "~/features/settings/settings.schema";

describe("delivery dates", () => {
  it("starts tomorrow in Asia/Ho_Chi_Minh, whatever the server's zone", () => {
    // 18:30 UTC on 23 Nov is already 01:30 on 24 Nov in Vietnam: earliest delivery 25 Nov.
    expect(dateInVietnam(new Date("2026-11-23T18:30:00Z"))).toBe("2026-11-24");
    expect(deliveryDateRange(new Date("2026-11-23T18:30:00Z")).min).toBe("2026-11-25");
    expect(deliveryDateRange(new Date("2026-11-23T10:00:00Z")).min).toBe("2026-11-24");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });

  it("has ten hourly slots from 12:00 - 13:00 to 21:00 - 22:00", () => {
    expect(deliverySlots).toHaveLength(10);
    expect(deliverySlots[0]).toBe("12:00 - 13:00");
    expect(deliverySlots[9]).toBe("21:00 - 22:00");
  });

  // Monday 23 November 2026, 09:00 in Vietnam (before the cut-off), to Hồ Chí Minh where slots are delivered.
  const monday = () => new Date("2026-11-23T02:00:00Z");
  const hcm = { provinceCode: "79", rules: defaultSettingsFor("delivery") };

  it("refuses today and past dates and requires both date and slot", () => {
    const schema = shippingSchemaFor(hcm, monday);
    expect(schema.safeParse({ shippingDate: "2026-11-24", shippingTime: "12:00 - 13:00" }).success).toBe(true);
    expect(schema.safeParse({ shippingDate: "2026-11-23", shippingTime: "12:00 - 13:00" }).success).toBe(false);
    const missing = schema.safeParse({ shippingDate: "", shippingTime: "" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0].message).toBe("checkout.errors.deliveryDateTime");
  });

  it("refuses a day the calendar does not have (2026-11-31 reached PostgreSQL and was a 500)", () => {
    const schema = shippingSchemaFor(hcm, monday);
    for (const day of ["2026-11-31", "2026-02-29", "2026-12-00", "2026-13-01"]) {
      const result = schema.safeParse({ shippingDate: day, shippingTime: "12:00 - 13:00" });
      expect(result.success, day).toBe(false);
      expect(result.error?.issues[0].path).toEqual(["shippingDate"]);
    }
    expect(schema.safeParse({ shippingDate: "2026-11-30", shippingTime: "12:00 - 13:00" }).success).toBe(true);
  });
});

describe("discountCodeSchema", () => {
  it("takes code characters only: a NUL (which PostgreSQL cannot compare) is no code", () => {
    expect(discountCodeSchema.parse(" marou10 ")).toBe("MAROU10");
    expect(discountCodeSchema.parse("")).toBe("");
    for (const code of ["A\u0000B", "MAROU10\u0000", "A B", "MÃ", "'; drop"])
      expect(discountCodeSchema.safeParse(code).success, code).toBe(false);
  });
});

describe("placeOrderSchemaFor", () => {
  it("has no price anywhere: unknown keys such as prices are stripped", () => {
    const parsed = placeOrderSchemaFor(defaultSettingsFor("checkout")).shape.lines.parse([
      { productId: 1, quantity: 2, price: 1, unitPrice: 1 },
    ]);
    expect(parsed).toEqual([{ productId: 1, quantity: 2 }]);
  });
});

describe("parseCheckoutData", () => {
  it("repairs malformed stored data instead of crashing", () => {
    expect(parseCheckoutData(null)).toEqual(emptyCheckoutData);
    expect(parseCheckoutData("{not json")).toEqual(emptyCheckoutData);
    expect(parseCheckoutData([1])).toEqual(emptyCheckoutData);
    const data = parseCheckoutData({
      email: "a@b.vn",
      isGift: "yes",
      phone: 912345678,
      shippingMethod: "teleport",
      location: { structure: "x", provinceCode: ["79"] },
      price: 1,
    });
    expect(data).toMatchObject({ email: "a@b.vn", isGift: false, phone: "", shippingMethod: "local-delivery" });
    expect(data).not.toHaveProperty("price");
    expect(data.location).toMatchObject({ structure: "current", provinceCode: "" });
  });
});

describe("informationSchemaFor: the information step as the checkout settings ask for it", () => {
  /** SPEC §5's layout with these choices changed. */
  const fieldsWith = (partial: Partial<CheckoutFieldsSettings>) =>
    checkoutFieldsSettingsSchema.parse({ ...specCheckoutLayout, ...partial });
  const contact = {
    address: "12 Lê Lợi",
    phone: "0912345678",
    isGift: false,
    vatInvoice: false,
  };
  const errorsOf = (fields: CheckoutFieldsSettings, input: Record<string, unknown>) => {
    const result = informationSchemaFor(fields).safeParse(input);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  };

  it("by default (a new shop) asks for the Vietnam COD preset's fields: one name, the phone; e-mail optional, no postal code", () => {
    const defaults = defaultSettingsFor("checkout");
    expect(defaults).toEqual({ ...vietnamCodPreset, company: "optional" });
    expect(errorsOf(defaults, { address: "12 Lê Lợi" })).toEqual({
      fullName: "checkout.errors.fullName",
      phone: "checkout.errors.phoneRequired",
    });
    // SPEC's split fields and postal code, sent by a stale form, are not what a new shop keeps.
    expect(
      informationSchemaFor(defaults).parse({
        ...contact,
        fullName: "Nguyễn Lan",
        firstName: "Lan",
        lastName: "Nguyễn",
        postalCode: "700000",
      }),
    ).toMatchObject({ email: "", firstName: "Nguyễn Lan", lastName: "", postalCode: "", phone: "+84912345678" });
  });

  it("with SPEC §5's layout asks for its fields: e-mail, first and last name, postal code", () => {
    const spec = fieldsWith({});
    expect(spec).toEqual({ ...specCheckoutLayout, company: "optional" });
    expect(errorsOf(spec, contact)).toEqual({
      email: "checkout.errors.emailRequired",
      firstName: "checkout.errors.firstName",
      lastName: "checkout.errors.lastName",
      postalCode: "checkout.errors.postalCode",
    });
    const parsed = informationSchemaFor(spec).parse({
      ...contact,
      email: " An@Example.VN ",
      firstName: "An",
      lastName: "Nguyễn",
      postalCode: "700000",
      company: "UVC",
    });
    expect(parsed).toMatchObject({
      email: "an@example.vn",
      firstName: "An",
      lastName: "Nguyễn",
      postalCode: "700000",
      company: "UVC",
      phone: "+84912345678",
    });
  });

  it("with one name field, requires 'Họ và tên' and keeps it whole in firstName", () => {
    const fields = fieldsWith({ nameFields: "full" });
    expect(errorsOf(fields, { ...contact, email: "a@b.vn", postalCode: "700000" })).toEqual({
      fullName: "checkout.errors.fullName",
    });
    const parsed = informationSchemaFor(fields).parse({
      ...contact,
      email: "a@b.vn",
      postalCode: "700000",
      fullName: "  Trần Thị Bình ",
      // A stale form's split fields are not kept.
      firstName: "X",
      lastName: "Y",
    });
    expect(parsed).toMatchObject({ firstName: "Trần Thị Bình", lastName: "" });
    expect(parsed).not.toHaveProperty("fullName");
  });

  it("takes an optional e-mail empty or valid, never invalid", () => {
    const fields = fieldsWith({ email: "optional" });
    const base = { ...contact, firstName: "An", lastName: "Lê", postalCode: "700000" };
    expect(informationSchemaFor(fields).parse(base).email).toBe("");
    expect(informationSchemaFor(fields).parse({ ...base, email: "  " }).email).toBe("");
    expect(informationSchemaFor(fields).parse({ ...base, email: "An@B.vn" }).email).toBe("an@b.vn");
    expect(errorsOf(fields, { ...base, email: "not-an-email" })).toEqual({ email: "checkout.errors.emailInvalid" });
  });

  it("drops a hidden field whatever is sent (e-mail, postal code, company)", () => {
    const fields = fieldsWith({ email: "hidden", postalCode: "hidden", company: "hidden" });
    const parsed = informationSchemaFor(fields).parse({
      ...contact,
      firstName: "An",
      lastName: "Lê",
      email: "not-an-email",
      postalCode: { tampered: true },
      company: "Should not be kept",
    });
    expect(parsed).toMatchObject({ email: "", postalCode: "", company: "" });
  });

  it("takes an optional postal code empty, but not longer than a postal code can be", () => {
    const fields = fieldsWith({ postalCode: "optional" });
    const base = { ...contact, email: "a@b.vn", firstName: "An", lastName: "Lê" };
    expect(informationSchemaFor(fields).parse(base).postalCode).toBe("");
    expect(errorsOf(fields, { ...base, postalCode: "1".repeat(21) })).toEqual({
      postalCode: "checkout.errors.tooLong",
    });
    expect(errorsOf(fields, { ...base, company: "C".repeat(201) })).toEqual({ company: "checkout.errors.tooLong" });
  });

  it("the Vietnam COD preset: one name field, phone first, e-mail optional, no postal code or city line; the phone stays required", () => {
    const fields = fieldsWith(vietnamCodPreset);
    expect(fields).toEqual({
      nameFields: "full",
      email: "optional",
      postalCode: "hidden",
      company: "optional",
      city: "hidden",
      phoneFirst: true,
    });
    expect(errorsOf(fields, { address: "12 Lê Lợi", fullName: "Lê An" })).toEqual({
      phone: "checkout.errors.phoneRequired",
    });
    // A city posted anyway (an old page, a script) is not kept: the preset does not ask it.
    expect(informationSchemaFor(fields).parse({ ...contact, fullName: "Lê An", city: "Sài Gòn" })).toMatchObject({
      city: "",
      email: "",
      firstName: "Lê An",
      lastName: "",
      postalCode: "",
      phone: "+84912345678",
    });
  });
});
