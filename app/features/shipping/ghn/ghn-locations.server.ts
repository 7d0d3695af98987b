import { and, eq, gt } from "drizzle-orm";
import { carrierMasterData, carrierWardMap } from "~/db/schema";
import { normalizeSearch } from "~/lib/text";
import { AppError } from "~/server/errors.server";
import type { Db, Tx } from "~/server/db.server";
import type { CarrierBookingRequest } from "../carrier";
import type { GhnClient } from "./ghn-client.server";

/*
 * Our official address codes → GHN's own ids (ProvinceID, DistrictID, WardCode). GHN knows its
 * places by name, so we match names: accents, case and the administrative prefix ("Phường",
 * "Quận", "TP.") removed, against GHN's name and its NameExtension spellings. GHN's lists are
 * cached (carrier_master_data) and every match is kept (carrier_ward_map): an address is looked
 * up at GHN once.
 */

export interface GhnLocation {
  provinceId: number;
  districtId: number;
  wardCode: string;
}

type Recipient = Pick<
  CarrierBookingRequest["recipient"],
  "wardName" | "wardCode" | "districtName" | "provinceName" | "addressStructure"
>;

interface GhnProvince {
  ProvinceID: number;
  ProvinceName: string;
  NameExtension?: string[] | null;
}
interface GhnDistrict {
  DistrictID: number;
  ProvinceID: number;
  DistrictName: string;
  NameExtension?: string[] | null;
}
interface GhnWard {
  WardCode: string;
  DistrictID: number;
  WardName: string;
  NameExtension?: string[] | null;
}

/** Where GHN's lists and the matches are kept: the database in the app, memory in unit tests. */
export interface GhnMasterDataStore {
  read(resource: string): Promise<unknown>;
  write(resource: string, data: unknown): Promise<void>;
  readWard(structure: string, wardCode: string): Promise<GhnLocation | undefined>;
  writeWard(structure: string, wardCode: string, location: GhnLocation): Promise<void>;
}

/** GHN's lists change rarely (a new ward after a merger): re-read after this long. */
const MASTER_DATA_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const CARRIER = "ghn";

export function databaseMasterDataStore(db: Db | Tx): GhnMasterDataStore {
  return {
    async read(resource) {
      const fresh = new Date(Date.now() - MASTER_DATA_MAX_AGE_MS);
      const [row] = await db
        .select({ data: carrierMasterData.data })
        .from(carrierMasterData)
        .where(
          and(
            eq(carrierMasterData.carrier, CARRIER),
            eq(carrierMasterData.resource, resource),
            gt(carrierMasterData.fetchedAt, fresh),
          ),
        )
        .limit(1);
      return row?.data;
    },
    async write(resource, data) {
      await db
        .insert(carrierMasterData)
        .values({ carrier: CARRIER, resource, data })
        .onConflictDoUpdate({
          target: [carrierMasterData.carrier, carrierMasterData.resource],
          set: { data, fetchedAt: new Date() },
        });
    },
    async readWard(structure, wardCode) {
      const [row] = await db
        .select()
        .from(carrierWardMap)
        .where(
          and(
            eq(carrierWardMap.carrier, CARRIER),
            eq(carrierWardMap.addressStructure, structure),
            eq(carrierWardMap.wardCode, wardCode),
          ),
        )
        .limit(1);
      if (!row) return undefined;
      return {
        provinceId: Number(row.carrierProvinceId),
        districtId: Number(row.carrierDistrictId),
        wardCode: row.carrierWardId,
      };
    },
    async writeWard(structure, wardCode, location) {
      const values = {
        carrierProvinceId: String(location.provinceId),
        carrierDistrictId: String(location.districtId),
        carrierWardId: location.wardCode,
        matchedAt: new Date(),
      };
      await db
        .insert(carrierWardMap)
        .values({ carrier: CARRIER, addressStructure: structure, wardCode, ...values })
        .onConflictDoUpdate({
          target: [carrierWardMap.carrier, carrierWardMap.addressStructure, carrierWardMap.wardCode],
          set: values,
        });
    },
  };
}

/** A store in memory (one gateway's life): unit tests, and a gateway made without a database. */
export function memoryMasterDataStore(): GhnMasterDataStore {
  const lists = new Map<string, unknown>();
  const wards = new Map<string, GhnLocation>();
  return {
    read: async (resource) => lists.get(resource),
    write: async (resource, data) => void lists.set(resource, data),
    readWard: async (structure, wardCode) => wards.get(`${structure}:${wardCode}`),
    writeWard: async (structure, wardCode, location) => void wards.set(`${structure}:${wardCode}`, location),
  };
}

const prefixes = [
  "thanh pho",
  "thi tran",
  "thi xa",
  "phuong",
  "quan",
  "huyen",
  "tinh",
  "xa",
  "tp.",
  "tp",
  "tx.",
  "tt.",
  "p.",
  "q.",
  "h.",
  "x.",
];

/**
 * The form names are compared in: "Phường 05" → "5", "TP. Hồ Chí Minh" → "ho chi minh",
 * "Thị trấn Củ Chi" → "cu chi". One prefix is removed (never the whole name).
 */
export function placeKey(name: string): string {
  let key = normalizeSearch(name)
    .replace(/\s*\.\s*/g, ". ")
    .replace(/\s+/g, " ")
    .trim();
  for (const prefix of prefixes) {
    if (key.startsWith(`${prefix} `) && key.length > prefix.length + 1) {
      key = key.slice(prefix.length + 1);
      break;
    }
  }
  key = key.replace(/\.\s*/g, " ").replace(/\s+/g, " ").trim();
  // "Phường 05" and "Phường 5" are the same ward.
  return /^\d+$/.test(key) ? String(Number(key)) : key;
}

function keysOf(name: string, extensions: string[] | null | undefined): Set<string> {
  return new Set([name, ...(extensions ?? [])].map(placeKey).filter(Boolean));
}

function matching<T>(items: T[], wanted: string, names: (item: T) => Set<string>): T[] {
  const key = placeKey(wanted);
  return items.filter((item) => names(item).has(key));
}

async function cachedList<T>(
  client: GhnClient,
  store: GhnMasterDataStore,
  resource: string,
  fetchList: () => Promise<T[] | null>,
): Promise<T[]> {
  const cached = await store.read(resource);
  if (Array.isArray(cached)) return cached as T[];
  const list = (await fetchList()) ?? [];
  await store.write(resource, list);
  return list;
}

const provincesOf = (client: GhnClient, store: GhnMasterDataStore) =>
  cachedList<GhnProvince>(client, store, "province", () =>
    client.call({ method: "GET", path: "/master-data/province" }),
  );

const districtsOf = (client: GhnClient, store: GhnMasterDataStore, provinceId: number) =>
  cachedList<GhnDistrict>(client, store, `district:${provinceId}`, () =>
    client.call({ method: "POST", path: "/master-data/district", body: { province_id: provinceId } }),
  );

const wardsOf = (client: GhnClient, store: GhnMasterDataStore, districtId: number) =>
  cachedList<GhnWard>(client, store, `ward:${districtId}`, () =>
    client.call({ method: "GET", path: "/master-data/ward", query: { district_id: districtId } }),
  );

const notFound = (what: string) => new AppError("invalid", `Không tìm thấy ${what} ở GHN: hãy tạo vận đơn thủ công`);
const ambiguous = (what: string) => new AppError("invalid", `${what} khớp nhiều nơi ở GHN: hãy tạo vận đơn thủ công`);

/**
 * GHN's ids for the recipient's ward. Legacy addresses go province → district → ward; current
 * ones (no districts since July 2025) look for the ward in every district GHN lists for the
 * province, and refuse when none or more than one match.
 */
export async function locateGhnWard(
  client: GhnClient,
  store: GhnMasterDataStore,
  recipient: Recipient,
): Promise<GhnLocation> {
  const structure = recipient.addressStructure;
  const known = await store.readWard(structure, recipient.wardCode);
  if (known) return known;

  const provinces = matching(await provincesOf(client, store), recipient.provinceName, (p) =>
    keysOf(p.ProvinceName, p.NameExtension),
  );
  if (provinces.length === 0) throw notFound(recipient.provinceName);
  if (provinces.length > 1) throw ambiguous(recipient.provinceName);
  const province = provinces[0];

  const districts = await districtsOf(client, store, province.ProvinceID);
  let candidates: GhnWard[];
  if (structure === "legacy" && recipient.districtName) {
    const found = matching(districts, recipient.districtName, (d) => keysOf(d.DistrictName, d.NameExtension));
    if (found.length === 0) throw notFound(`${recipient.districtName}, ${recipient.provinceName}`);
    if (found.length > 1) throw ambiguous(recipient.districtName);
    candidates = await wardsOf(client, store, found[0].DistrictID);
  } else {
    candidates = [];
    // One district at a time: GHN is not flooded, and every list read is cached for the next address.
    for (const district of districts) candidates.push(...(await wardsOf(client, store, district.DistrictID)));
  }

  const wards = matching(candidates, recipient.wardName, (w) => keysOf(w.WardName, w.NameExtension));
  if (wards.length === 0) throw notFound(recipient.wardName);
  if (wards.length > 1) throw ambiguous(recipient.wardName);
  const location = { provinceId: province.ProvinceID, districtId: wards[0].DistrictID, wardCode: wards[0].WardCode };
  await store.writeWard(structure, recipient.wardCode, location);
  return location;
}
