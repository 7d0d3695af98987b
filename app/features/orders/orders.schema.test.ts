import { describe, expect, it } from "vitest";
import * as dbSchema from "~/db/schema/orders";
import { orderListQuerySchema, orderStatusValues, parseOrderNumber, paymentStatusValues } from "./orders.schema";

describe("orders schema", () => {
  it("repeats the database enums exactly", () => {
    expect(orderStatusValues).toEqual(dbSchema.orderStatusValues);
    expect(paymentStatusValues).toEqual(dbSchema.paymentStatusValues);
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
    expect(parse("")).toEqual({ page: 1, status: undefined, q: undefined });
    expect(parse("page=3&status=shipped&q=%20An%20")).toEqual({ page: 3, status: "shipped", q: "An" });
    expect(parse("page=-2&status=lost&q=")).toEqual({ page: 1, status: undefined, q: undefined });
    expect(parse("page=abc")).toMatchObject({ page: 1 });
  });
});
