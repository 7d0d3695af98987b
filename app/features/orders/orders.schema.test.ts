import { describe, expect, it } from "vitest";
import * as dbSchema from "~/db/schema/orders";
import {
  hasShipped,
  isDeletable,
  orderListQuerySchema,
  orderStatusValues,
  parseOrderNumber,
  paymentStatusValues,
  setStatusInputSchema,
  shippingMethodValues,
} from "./orders.schema";

describe("orders schema", () => {
  it("repeats the database enums exactly", () => {
    expect(orderStatusValues).toEqual(dbSchema.orderStatusValues);
    expect(paymentStatusValues).toEqual(dbSchema.paymentStatusValues);
    expect(shippingMethodValues).toEqual(dbSchema.shippingMethodValues);
  });

  it("reads order numbers in the forms staff type them", () => {
    expect(parseOrderNumber("DH000123")).toBe(123);
    expect(parseOrderNumber("dh123")).toBe(123);
    expect(parseOrderNumber(" 123 ")).toBe(123);
    expect(parseOrderNumber("#000123")).toBe(123);
    expect(parseOrderNumber("0")).toBeNull();
    expect(parseOrderNumber("DH")).toBeNull();
    expect(parseOrderNumber("An")).toBeNull();
    expect(parseOrderNumber("12a")).toBeNull();
  });

  it("parses the list query from the URL, ignoring bad values", () => {
    const parse = (qs: string) => orderListQuerySchema.parse(Object.fromEntries(new URLSearchParams(qs)));
    expect(parse("")).toEqual({ page: 1, status: undefined, q: undefined, archived: false });
    expect(parse("page=3&status=shipped&q=%20An%20&archived=1")).toEqual({ page: 3, status: "shipped", q: "An", archived: true });
    expect(parse("page=-2&status=lost&q=&archived=yes")).toEqual({ page: 1, status: undefined, q: undefined, archived: false });
    expect(parse("page=abc")).toMatchObject({ page: 1 });
  });

  it("asks for a cancellation reason, and knows shipped and deletable orders", () => {
    const status = (fields: Record<string, string>) => setStatusInputSchema.safeParse({ version: "3", ...fields });
    expect(status({ status: "cancelled", reason: "  " }).error?.issues[0]).toMatchObject({ path: ["reason"], message: "Vui lòng nhập lý do hủy đơn" });
    expect(status({ status: "cancelled", reason: " Hết hàng ", restock: "on" }).data).toEqual({
      status: "cancelled",
      version: 3,
      reason: "Hết hàng",
      restock: true,
    });
    expect(status({ status: "shipped" }).data).toMatchObject({ status: "shipped", reason: "", restock: false });
    expect(setStatusInputSchema.safeParse({ status: "shipped" }).success).toBe(false); // no version
    expect(hasShipped("processing", [{ toStatus: "pending" }, { toStatus: "processing" }])).toBe(false);
    expect(hasShipped("processing", [{ toStatus: "shipped" }, { toStatus: "processing" }])).toBe(true);
    expect(hasShipped("delivered", [])).toBe(true);
    const created = [{ fromStatus: null }];
    expect(isDeletable({ status: "pending", paymentStatus: "pending" }, created)).toBe(true);
    expect(isDeletable({ status: "pending", paymentStatus: "paid" }, created)).toBe(false);
    expect(isDeletable({ status: "delivered", paymentStatus: "pending" }, created)).toBe(false);
    expect(isDeletable({ status: "pending", paymentStatus: "pending" }, [...created, { fromStatus: "processing" as const }])).toBe(false);
  });
});
