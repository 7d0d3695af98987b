import type { AddressStructure } from "~/features/address/address.schema";
import { listProvinces } from "~/features/address/address.server";
import {
  findPickupShop,
  listPickupShops,
  type PickupShop,
} from "~/features/catalog-admin/pickup-stock.server";
import type { OrderStockLine } from "~/features/inventory/inventory.server";
import type { Db } from "~/server/db.server";
import type { translatorFor } from "~/server/i18n.server";
import { messages } from "./checkout-rules";

/** How near a pickup shop is to the buyer's province: the list shows the nearest first (decision 0051). */
export type PickupNearness = "province" | "region" | "other";

export type PickupChoice = PickupShop & { nearness: PickupNearness };

type Region = "north" | "central" | "south";

/**
 * The part of the country of a province by its official code, which is the same in the current
 * (34) and the legacy (63) structures: the statistics office numbers the provinces north to south,
 * 01–37 the north (Hà Nội … Ninh Bình), 38–68 the centre and the highlands (Thanh Hóa … Lâm Đồng),
 * 70–96 the south (Bình Phước … Cà Mau).
 */
export function regionOfProvince(code: string): Region | null {
  if (!/^\d{2}$/.test(code)) return null;
  const number = Number(code);
  if (number >= 1 && number <= 37) return "north";
  if (number >= 38 && number <= 68) return "central";
  if (number >= 70 && number <= 96) return "south";
  return null;
}

const bareName = (name: string) =>
  name
    .normalize("NFC")
    .toLocaleLowerCase("vi")
    .replace(/^(thành phố|tỉnh|tp\.?)\s*/u, "")
    .trim();

/** The code of the province a shop's city names ("Hà Nội", "TP. Hồ Chí Minh"…), in the buyer's structure; null if none. */
function provinceCodeOfCity(city: string, structure: AddressStructure): string | null {
  const wanted = bareName(city);
  return listProvinces(structure).find((province) => bareName(province.name) === wanted)?.code ?? null;
}

/**
 * The shops nearest the buyer first: those in the buyer's province, then those in the same part
 * of the country, then the others; within each group the console's display order is kept (a
 * stable sort). Without a province (or a shop whose city names none), a shop counts as "other".
 */
export function nearestShopsFirst<T extends { city: string }>(
  shops: readonly T[],
  buyer: { provinceCode: string; structure: AddressStructure },
): Array<T & { nearness: PickupNearness }> {
  const buyerRegion = regionOfProvince(buyer.provinceCode);
  const rank: Record<PickupNearness, number> = { province: 0, region: 1, other: 2 };
  return shops
    .map((shop) => {
      const code = provinceCodeOfCity(shop.city, buyer.structure);
      const nearness: PickupNearness =
        code !== null && code === buyer.provinceCode
          ? "province"
          : code !== null && buyerRegion !== null && regionOfProvince(code) === buyerRegion
            ? "region"
            : "other";
      return { ...shop, nearness };
    })
    .sort((a, b) => rank[a.nearness] - rank[b.nearness]);
}

/** The active shops with what they hold of the cart, nearest the buyer's province first. */
export async function listPickupChoices(
  db: Db,
  lines: readonly OrderStockLine[],
  buyer: { provinceCode: string; structure: AddressStructure },
): Promise<PickupChoice[]> {
  return nearestShopsFirst(await listPickupShops(db, lines), buyer);
}

/**
 * Why the shop cannot be chosen for this cart (the message in the page's language), or null when
 * it can: it must exist, be active and hold every line's quantity now.
 */
export async function pickupShopRefusal(
  db: Db,
  lines: readonly OrderStockLine[],
  storeId: number | null,
  t: ReturnType<typeof translatorFor>,
): Promise<string | null> {
  if (storeId === null) return t(messages.pickupStore);
  if (!(await findPickupShop(db, storeId))) return t("checkout.errors.pickupStoreGone");
  const shop = (await listPickupShops(db, lines)).find((candidate) => candidate.id === storeId);
  return shop?.holdsCart ? null : t("checkout.errors.pickupStoreShort", { shop: shop?.name ?? "" });
}
