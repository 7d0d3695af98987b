import { z } from "zod";
import { checkbox, optionalText, text, wholeNumber } from "~/lib/form-fields";

export const STORE_NAME_REQUIRED = "Vui lòng nhập tên cửa hàng";
export const STORE_CITY_REQUIRED = "Vui lòng nhập tỉnh/thành phố";
export const STORE_ADDRESS_REQUIRED = "Vui lòng nhập địa chỉ cửa hàng";
export const STORE_PHONE_FORMAT = "Số điện thoại chỉ gồm số, khoảng trắng, dấu chấm hoặc gạch ngang (8–15 chữ số)";
export const STORE_TIME_FORMAT = "Giờ theo dạng HH:MM, ví dụ 08:00";
export const STORE_HOURS_ORDER = "Giờ đóng cửa phải sau giờ mở cửa";
export const STORE_MAP_FORMAT = "Bản đồ phải là một liên kết http(s)";
export const STORE_STOCK_MESSAGE = "Số lượng phải là số nguyên từ 0 đến 1.000.000";

const time = () => text().pipe(z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, STORE_TIME_FORMAT));

/**
 * A shop where buyers can see and pick up the goods (issue 19, item 6): the console's dialog and
 * the service share it. Phones are the shop's landline or mobile as written; opening hours hold
 * every day.
 */
export const storeLocationInputSchema = z
  .object({
    name: text().pipe(z.string().min(1, STORE_NAME_REQUIRED).max(120, "Tên tối đa 120 ký tự")),
    city: text().pipe(z.string().min(1, STORE_CITY_REQUIRED).max(80, "Tỉnh/thành phố tối đa 80 ký tự")),
    address: text().pipe(z.string().min(1, STORE_ADDRESS_REQUIRED).max(300, "Địa chỉ tối đa 300 ký tự")),
    phone: optionalText(30).refine(
      (v) =>
        v === null ||
        (/^\+?[\d\s.-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 8 && (v.match(/\d/g)?.length ?? 0) <= 15),
      {
        message: STORE_PHONE_FORMAT,
      },
    ),
    opensAt: time(),
    closesAt: time(),
    mapUrl: optionalText(2000).refine((v) => v === null || /^https?:\/\/\S+$/i.test(v), { message: STORE_MAP_FORMAT }),
    displayOrder: wholeNumber({ min: -1_000_000, max: 1_000_000, message: "Thứ tự là một số nguyên", fallback: 0 }),
    isActive: checkbox(),
  })
  .refine((store) => store.opensAt < store.closesAt, { message: STORE_HOURS_ORDER, path: ["closesAt"] });

export type StoreLocationInput = z.infer<typeof storeLocationInputSchema>;

/** One product's units in a shop, as typed in the stock form. */
export const storeStockQuantity = () => wholeNumber({ min: 0, max: 1_000_000, message: STORE_STOCK_MESSAGE });
