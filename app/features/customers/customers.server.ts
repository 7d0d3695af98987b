import { and, asc, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { customerAddresses, customers, orders } from "~/db/schema";
import type { CustomerAddress } from "~/db/schema/customers";
import type { OrderStatus } from "~/db/schema/orders";
import type { CsvValue } from "~/lib/csv";
import { formatDateVi } from "~/lib/dates";
import { ADMIN_PAGE_SIZE, type Page } from "~/lib/pagination";
import { containsPattern, isUuid, phoneDigits } from "~/lib/search-pattern";
import { displayName } from "~/lib/person-name";
import { searchTextOf, searchWords } from "~/lib/text";
import { executePrepared, rowsOf, type Db, type Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";
import { expectUpdatedRow, nextRowVersion } from "~/server/row-version.server";
import { customerProfileSchema, type ProfileField } from "./customers.schema";

/**
 * Customers in the admin. Totals: total orders counts every order of the customer (the history
 * lists them all); total spent sums the orders that are not cancelled; the average per order is
 * total spent / orders not cancelled, rounded to whole đồng, 0 without such orders.
 */

export const CUSTOMER_NOT_FOUND = "Không tìm thấy khách hàng";

export interface CustomerListRow {
  id: string;
  /** Null for a customer known only by phone. */
  email: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  company: string | null;
  createdAt: Date;
  totalOrders: number;
  totalSpent: number;
}

/**
 * Case-insensitive contains on e-mail, first name, last name and phone; accent-insensitive on
 * names (customers.search_text holds normalizeSearch(first, last, email, phone)), every word in
 * any order: "Nguyễn Thị Hoa" and "nguyen thi hoa" find the customer stored as first name
 * "Thị Hoa", last name "Nguyễn". A phone typed nationally (0901…) also finds the stored +84901….
 */
function customerSearchCondition(q: string): SQL | undefined {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  const conditions: SQL[] = [
    and(...words.map((word) => sql`${customers.searchText} like ${containsPattern(word)}`))!,
    sql`lower(${customers.email}) like ${containsPattern(q.trim().toLowerCase())}`,
  ];
  const digits = phoneDigits(q);
  if (digits) conditions.push(sql`${customers.phone} like ${containsPattern(digits)}`);
  return or(...conditions);
}

const totalsColumns = {
  totalOrders: sql<number>`(select count(*) from ${orders} o where o.customer_id = "customers"."id")`.mapWith(Number),
  totalSpent:
    sql<number>`(select coalesce(sum(o.total), 0) from ${orders} o where o.customer_id = "customers"."id" and o.status <> 'cancelled')`.mapWith(
      Number,
    ),
};

const listColumns = {
  id: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  phone: customers.phone,
  company: customers.company,
  createdAt: customers.createdAt,
  ...totalsColumns,
};

/** Newest customers first, searched and paginated in SQL, with their totals. */
export async function listCustomers(db: Db | Tx, query: { q?: string; page?: number } = {}): Promise<Page<CustomerListRow>> {
  const pageSize = ADMIN_PAGE_SIZE;
  const where = query.q ? customerSearchCondition(query.q) : undefined;
  const [{ n: total }] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(customers)
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page ?? 1), pageCount);
  const rows = await db
    .select(listColumns)
    .from(customers)
    .where(where)
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, page, pageSize, total, pageCount };
}

export interface CustomerOrderRow {
  id: string;
  orderNumber: number;
  createdAt: Date;
  status: OrderStatus;
  total: number;
}

/** An address a customer's orders used, with those orders (newest first). */
export interface CustomerAddressEntry {
  id: string;
  address: CustomerAddress;
  /** The profile's default address (the first order's, unless staff changed it). */
  isDefault: boolean;
  createdAt: Date;
  lastUsedAt: Date;
  orders: Array<{ id: string; orderNumber: number }>;
}

export interface CustomerDetail {
  customer: {
    id: string;
    email: string | null;
    firstName: string;
    lastName: string;
    phone: string | null;
    company: string | null;
    createdAt: Date;
    defaultAddress: CustomerAddress | null;
    version: number;
  };
  stats: { totalOrders: number; totalSpent: number; averageOrderValue: number };
  orders: CustomerOrderRow[];
  addresses: CustomerAddressEntry[];
}

export async function getCustomerDetail(db: Db | Tx, customerId: string): Promise<CustomerDetail> {
  if (!isUuid(customerId)) throw new AppError("not_found", CUSTOMER_NOT_FOUND);
  const [customer] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
      company: customers.company,
      createdAt: customers.createdAt,
      defaultAddress: customers.defaultAddress,
      version: customers.version,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new AppError("not_found", CUSTOMER_NOT_FOUND);
  const [stats] = await db
    .select({
      totalOrders: sql<number>`count(*)`.mapWith(Number),
      paidOrders: sql<number>`count(*) filter (where ${orders.status} <> 'cancelled')`.mapWith(Number),
      totalSpent: sql<number>`coalesce(sum(${orders.total}) filter (where ${orders.status} <> 'cancelled'), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.customerId, customerId));
  const history = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      status: orders.status,
      total: orders.total,
      addressKey: orderAddressKey,
    })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  const addressRows = await db
    .select({
      id: customerAddresses.id,
      address: customerAddresses.address,
      addressKey: customerAddresses.addressKey,
      createdAt: customerAddresses.createdAt,
      lastUsedAt: customerAddresses.lastUsedAt,
    })
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, customerId))
    .orderBy(desc(customerAddresses.lastUsedAt), desc(customerAddresses.id));
  const defaultKey = customer.defaultAddress ? await addressKeyOf(db, customer.defaultAddress) : null;
  return {
    customer: { ...customer, defaultAddress: customer.defaultAddress ?? null },
    stats: {
      totalOrders: stats.totalOrders,
      totalSpent: stats.totalSpent,
      averageOrderValue: stats.paidOrders > 0 ? Math.round(stats.totalSpent / stats.paidOrders) : 0,
    },
    orders: history.map(({ addressKey: _key, ...order }) => order),
    addresses: addressRows.map(({ addressKey, ...row }) => ({
      ...row,
      isDefault: addressKey === defaultKey,
      orders: history.filter((order) => order.addressKey === addressKey).map(({ id, orderNumber }) => ({ id, orderNumber })),
    })),
  };
}

/*
 * Addresses compare by customer_address_key(), a SQL function (migration 0002): the one
 * definition shared by the order path, the customer page and the backfill.
 */
const orderAddressKey = sql<string>`customer_address_key(${orders.address}, ${orders.wardName}, ${orders.wardCode}, ${orders.districtName}, ${orders.districtCode}, ${orders.provinceName}, ${orders.provinceCode})`;

function addressKeySql(address: CustomerAddress): SQL<string> {
  return sql<string>`customer_address_key(${address.address}, ${address.ward}, ${address.ward_code ?? null}, ${address.district ?? null}, ${address.district_code ?? null}, ${address.province}, ${address.province_code ?? null})`;
}

async function addressKeyOf(db: Db | Tx, address: CustomerAddress): Promise<string> {
  const [row] = rowsOf<{ key: string }>(await db.execute(sql`select ${addressKeySql(address)} as key`));
  return row.key;
}

/** The contact of an order as checkout validated it (phone in E.164). */
export interface OrderContact {
  /** Null when the checkout did not ask for one or the shopper left it out. */
  email: string | null;
  firstName: string;
  lastName: string;
  phone: string;
  company: string | null;
}

/**
 * The customer an order belongs to, called by placeOrder inside the order's transaction: the one
 * place an order writes customers (this feature writes customers and their addresses; the only
 * other writer is the console's profile form, updateCustomerProfile). A new e-mail creates the customer with the order's details.
 * An existing e-mail (anyone can type anyone's) changes nothing on the profile: the name, phone,
 * company and default address stay as they are until staff change them; the order's address is
 * only added to the customer's addresses (once per normalised address). The order keeps its own
 * contact and address snapshot. Without an e-mail, the phone number is the identity the same
 * way: the customer with that phone (the oldest, if several) or a new e-mail-less one. Returns the
 * customer's id.
 */
export async function upsertCustomerFromCheckout(tx: Tx, contact: OrderContact, address: CustomerAddress): Promise<string> {
  const customerId = contact.email
    ? await customerByEmail(tx, contact, contact.email, address)
    : await customerByPhone(tx, contact, address);
  // Sent by every order, as the statement finding the customer: prepared (see executePrepared).
  await executePrepared(
    tx,
    tx
      .insert(customerAddresses)
      .values({ customerId, address, addressKey: addressKeySql(address) })
      .onConflictDoUpdate({
        target: [customerAddresses.customerId, customerAddresses.addressKey],
        set: { lastUsedAt: sql`now()` },
      }),
  );
  return customerId;
}

async function customerByEmail(tx: Tx, contact: OrderContact, email: string, address: CustomerAddress): Promise<string> {
  const searchText = searchTextOf(contact.firstName, contact.lastName, email, contact.phone);
  const create = tx
    .insert(customers)
    .values({
      email,
      firstName: contact.firstName,
      lastName: contact.lastName,
      phone: contact.phone,
      company: contact.company,
      defaultAddress: address,
      searchText,
    })
    // The e-mail exists (unique on lower(email)), or another order is creating it right now: this
    // statement waits for that transaction and then leaves the row alone.
    .onConflictDoNothing()
    .returning({ id: customers.id });
  const byEmail = sql`select ${customers.id} from ${customers} where lower(${customers.email}) = lower(${email})`;
  // One round trip for a new or a known customer (checkout's, decision 0026): the new row, else
  // the existing one as the statement's snapshot saw it.
  const [found] = rowsOf<{ id: string }>(
    await executePrepared(tx, sql`with created as ${create} (select id from created) union all (${byEmail}) limit 1`),
  );
  if (found) return found.id;
  // The row was committed by another order while this statement waited: a new snapshot sees it.
  const [committed] = rowsOf<{ id: string }>(await tx.execute(byEmail));
  return committed.id;
}

async function customerByPhone(tx: Tx, contact: OrderContact, address: CustomerAddress): Promise<string> {
  const oldestWithPhone = () =>
    tx.select({ id: customers.id }).from(customers).where(eq(customers.phone, contact.phone)).orderBy(asc(customers.createdAt)).limit(1);
  const [known] = await oldestWithPhone();
  if (known) return known.id;
  const [created] = await tx
    .insert(customers)
    .values({
      email: null,
      firstName: contact.firstName,
      lastName: contact.lastName,
      phone: contact.phone,
      company: contact.company,
      defaultAddress: address,
      searchText: searchTextOf(contact.firstName, contact.lastName, null, contact.phone),
    })
    // Another order from this phone is creating it right now (unique among e-mail-less
    // customers): wait for it and use its row.
    .onConflictDoNothing()
    .returning({ id: customers.id });
  if (created) return created.id;
  const [existing] = await oldestWithPhone();
  return existing.id;
}

/** What the console shows when an order's details are not the customer's profile. */
export interface ProfileDifferences {
  /** Fields of the order that differ from the profile, in display order; empty when none. */
  fields: ProfileField[];
  profile: { name: string; phone: string | null; address: CustomerAddress | null };
}

/**
 * Compares an order's own contact and address with its customer's profile now: name (first
 * and last), phone, and the delivery address against the profile's default address (normalised,
 * see customer_address_key). Null when the order has no customer.
 */
export async function profileDifferencesOfOrder(db: Db | Tx, orderId: string): Promise<ProfileDifferences | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({
      orderFirstName: orders.firstName,
      orderLastName: orders.lastName,
      orderPhone: orders.phone,
      orderAddressKey,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
      defaultAddress: customers.defaultAddress,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const fields: ProfileField[] = [];
  if (row.orderFirstName.trim() !== row.firstName.trim() || row.orderLastName.trim() !== row.lastName.trim()) fields.push("name");
  if ((row.orderPhone ?? "") !== (row.phone ?? "")) fields.push("phone");
  if (row.defaultAddress && (await addressKeyOf(db, row.defaultAddress)) !== row.orderAddressKey) fields.push("address");
  return {
    fields,
    profile: { name: displayName(row, "vi"), phone: row.phone, address: row.defaultAddress ?? null },
  };
}

/**
 * Saves the console's customer form (name, phone, company), refused over a newer version of the
 * profile (decision 0014). The e-mail is the customer's identity and is not edited here.
 */
export async function updateCustomerProfile(db: Db | Tx, customerId: string, rawInput: unknown): Promise<{ version: number }> {
  if (!isUuid(customerId)) throw new AppError("not_found", CUSTOMER_NOT_FOUND);
  const parsed = customerProfileSchema.safeParse(rawInput);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    throw new AppError("invalid", parsed.error.issues[0].message, fieldErrors);
  }
  const input = parsed.data;
  const [current] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId));
  if (!current) throw new AppError("not_found", CUSTOMER_NOT_FOUND);
  const updated = await db
    .update(customers)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      company: input.company,
      searchText: searchTextOf(input.firstName, input.lastName, current.email, input.phone),
      version: nextRowVersion(customers.version),
    })
    .where(and(eq(customers.id, customerId), eq(customers.version, input.version)))
    .returning({ version: customers.version });
  return expectUpdatedRow(
    updated,
    async () => (await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId))).length > 0,
    { what: "Khách hàng", notFound: CUSTOMER_NOT_FOUND },
  );
}

/** customers_{date}.csv columns (SPEC §7). */
export const customersCsvHeader = [
  "Email",
  "Tên",
  "Họ",
  "Số điện thoại",
  "Công ty",
  "Tổng đơn hàng",
  "Tổng chi tiêu (đ)",
  "Ngày tạo",
] as const;

export function customerCsvRow(row: CustomerListRow): CsvValue[] {
  return [row.email, row.firstName, row.lastName, row.phone, row.company, row.totalOrders, row.totalSpent, formatDateVi(row.createdAt)];
}

/**
 * Every customer matching the search, newest first, in batches read with keyset pagination
 * (created_at, id): the export never holds the whole table, and never skips or repeats a row.
 */
export async function* customerCsvBatches(db: Db | Tx, q?: string, batchSize = 1000): AsyncGenerator<CsvValue[][]> {
  const search = q ? customerSearchCondition(q) : undefined;
  // The cursor keeps created_at as PostgreSQL text: a JS Date would drop the microseconds.
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const conditions: SQL[] = [];
    if (search) conditions.push(search);
    if (after) {
      conditions.push(
        sql`(${customers.createdAt}, ${customers.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
      );
    }
    const rows = await db
      .select({ ...listColumns, cursor: sql<string>`${customers.createdAt}::text` })
      .from(customers)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map(customerCsvRow);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.cursor, id: last.id };
  }
}
