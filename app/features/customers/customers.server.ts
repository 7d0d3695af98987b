import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { customers, orders } from "~/db/schema";
import type { CustomerAddress } from "~/db/schema/customers";
import type { OrderStatus } from "~/db/schema/orders";
import type { CsvValue } from "~/lib/csv";
import { formatDateVi } from "~/lib/dates";
import { ADMIN_PAGE_SIZE, type Page } from "~/lib/pagination";
import { containsPattern, isUuid, phoneDigits } from "~/lib/search-pattern";
import { normalizeSearch } from "~/lib/text";
import type { Db, Tx } from "~/server/db.server";
import { AppError } from "~/server/errors.server";

/**
 * Customers in the admin. Totals: total orders counts every order of the customer (the history
 * lists them all); total spent sums the orders that are not cancelled; the average per order is
 * total spent / orders not cancelled, rounded to whole đồng, 0 without such orders.
 */

export const CUSTOMER_NOT_FOUND = "Không tìm thấy khách hàng";

export interface CustomerListRow {
  id: string;
  email: string;
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
 * names (customers.search_text holds normalizeSearch(first, last, email, phone)). A phone typed
 * nationally (0901…) also finds the stored +84901….
 */
function customerSearchCondition(q: string): SQL | undefined {
  const normalized = normalizeSearch(q);
  if (!normalized) return undefined;
  const conditions: SQL[] = [
    sql`${customers.searchText} like ${containsPattern(normalized)}`,
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

export interface CustomerDetail {
  customer: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    phone: string | null;
    company: string | null;
    createdAt: Date;
    defaultAddress: CustomerAddress | null;
  };
  stats: { totalOrders: number; totalSpent: number; averageOrderValue: number };
  orders: CustomerOrderRow[];
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
    .select({ id: orders.id, orderNumber: orders.orderNumber, createdAt: orders.createdAt, status: orders.status, total: orders.total })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber));
  return {
    customer: { ...customer, defaultAddress: customer.defaultAddress ?? null },
    stats: {
      totalOrders: stats.totalOrders,
      totalSpent: stats.totalSpent,
      averageOrderValue: stats.paidOrders > 0 ? Math.round(stats.totalSpent / stats.paidOrders) : 0,
    },
    orders: history,
  };
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
