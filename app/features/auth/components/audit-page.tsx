import { Form, Link } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { AuditLogEntry } from "~/db/schema";
import { formatDateTimeVi } from "~/lib/dates";
import { formatVnd } from "~/lib/money";
import { listPageHref, type Page } from "~/lib/pagination";
import type { UserRoleName } from "~/db/schema/auth";
import { consoleRoleLabels } from "../console-permissions";
import { auditActionLabels, auditEntityLabel, auditEntityLabels, auditFieldLabel } from "../audit-labels";

export interface AuditPageProps {
  log: Page<AuditLogEntry>;
  actors: Array<{ userId: string; email: string }>;
  filters: { actor: string; entity: string; from: string; to: string };
}

/** Columns holding whole đồng: shown as money. */
const moneyFields = new Set([
  "price",
  "compare_at_price",
  "total",
  "subtotal",
  "shipping_fee",
  "discount_amount",
  "cod_amount",
  "fee",
]);

/** Inserted or deleted rows show this many fields; the rest are counted. */
const FIELDS_SHOWN = 8;

const actionVariants = { insert: "success", update: "info", delete: "danger", export: "warning" } as const;

/** The owner's audit log: filters (person, what, days), then one line per change, newest first. */
export function AuditPage({ log, actors, filters }: AuditPageProps) {
  const filtered = Boolean(filters.actor || filters.entity || filters.from || filters.to);
  return (
    <>
      <AdminPageHeader
        title="Nhật ký thay đổi"
        description="Mọi thay đổi nhân viên thực hiện trong trang quản trị: ai, thay đổi gì, giá trị trước và sau, lúc nào."
      />
      <Form
        method="get"
        role="search"
        aria-label="Lọc nhật ký"
        className="mb-4 grid gap-3 rounded-xl border border-brand-charcoal/10 bg-white p-4 shadow-xs sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10rem_10rem_auto] lg:items-end"
        key={JSON.stringify(filters)}
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-actor">Người thực hiện</Label>
          <Select id="audit-actor" name="actor" defaultValue={filters.actor}>
            <option value="">Tất cả mọi người</option>
            {actors.map((actor) => (
              <option key={actor.userId} value={actor.userId}>
                {actor.email}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-entity">Loại dữ liệu</Label>
          <Select id="audit-entity" name="entity" defaultValue={filters.entity}>
            <option value="">Tất cả loại</option>
            {Object.entries(auditEntityLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-from">Từ ngày</Label>
          <Input id="audit-from" name="from" type="date" defaultValue={filters.from} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="audit-to">Đến ngày</Label>
          <Input id="audit-to" name="to" type="date" defaultValue={filters.to} />
        </div>
        <div className="flex gap-2">
          <Button type="submit">Lọc</Button>
          {filtered && (
            <Button asChild variant="ghost">
              <Link to="/admin/audit">Bỏ lọc</Link>
            </Button>
          )}
        </div>
      </Form>

      <p className="mb-2 text-sm text-brand-cool-gray" role="status">
        {log.total.toLocaleString("vi-VN")} thay đổi
      </p>
      <Table label="Nhật ký thay đổi">
        <TableHeader>
          <TableRow>
            <TableHead>Thời gian</TableHead>
            <TableHead className="hidden md:table-cell">Người thực hiện</TableHead>
            <TableHead className="hidden md:table-cell">Đối tượng</TableHead>
            <TableHead>Thay đổi</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {log.rows.length === 0 ? (
            <TableEmpty colSpan={4}>
              {filtered ? "Không có thay đổi nào khớp bộ lọc" : "Chưa có thay đổi nào"}
            </TableEmpty>
          ) : (
            log.rows.map((entry) => (
              <TableRow key={entry.id} data-testid="audit-row">
                <TableCell top className="max-w-40">
                  <div className="whitespace-nowrap">{formatDateTimeVi(entry.occurredAt)}</div>
                  {/* On a phone the person and the entity share the first column. */}
                  <div className="mt-1 text-xs break-all text-brand-cool-gray md:hidden">{actorOf(entry)}</div>
                  <div className="mt-2 md:hidden">
                    <Entity entry={entry} />
                  </div>
                </TableCell>
                <TableCell top className="hidden max-w-48 break-all md:table-cell">
                  {actorOf(entry)}
                </TableCell>
                <TableCell top className="hidden md:table-cell">
                  <Entity entry={entry} />
                </TableCell>
                <TableCell top>
                  <Changes entry={entry} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
      <Pagination
        page={log.page}
        pageCount={log.pageCount}
        hrefFor={(page) => listPageHref("/admin/audit", filters, page)}
        className="mt-4"
      />
    </>
  );
}

function actorOf(entry: AuditLogEntry): string {
  return entry.actorEmail ?? entry.actorUserId ?? "—";
}

function Entity({ entry }: { entry: AuditLogEntry }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <span className="font-medium">{auditEntityLabel(entry.entityType)}</span>
      <span className="font-mono text-xs break-all text-brand-cool-gray">{entry.entityId}</span>
      <Badge variant={actionVariants[entry.action] ?? "neutral"}>
        {auditActionLabels[entry.action] ?? entry.action}
      </Badge>
    </div>
  );
}

/** Shown elsewhere on the line (the entity's id, the time): left out of an inserted or deleted row's fields. */
const SHOWN_ELSEWHERE = new Set(["id", "created_at"]);

/** "field: old → new" for an update; the row's fields for an insert or a delete. */
function Changes({ entry }: { entry: AuditLogEntry }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  if (entry.action === "update") {
    return (
      <ul className="flex min-w-40 flex-col gap-1 text-sm">
        {Object.keys(after).map((field) => (
          <li key={field} className="[overflow-wrap:anywhere]">
            <span className="font-medium">{auditFieldLabel(field)}:</span>{" "}
            <span className="text-red-800 line-through decoration-red-800/40">{display(field, before[field])}</span>
            <span aria-label="thành"> → </span>
            <span className="text-emerald-900">{display(field, after[field])}</span>
          </li>
        ))}
      </ul>
    );
  }
  const row = entry.action === "delete" ? before : after;
  const fields = Object.keys(row).filter(
    (field) => !SHOWN_ELSEWHERE.has(field) && row[field] !== null && row[field] !== "",
  );
  return (
    <ul className="flex min-w-40 flex-col gap-1 text-sm">
      {fields.slice(0, FIELDS_SHOWN).map((field) => (
        <li key={field} className="[overflow-wrap:anywhere]">
          <span className="font-medium">{auditFieldLabel(field)}:</span> {display(field, row[field])}
        </li>
      ))}
      {fields.length > FIELDS_SHOWN && (
        <li className="text-brand-cool-gray">… và {fields.length - FIELDS_SHOWN} trường khác</li>
      )}
    </ul>
  );
}

const LONG_VALUE = 160;

function display(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "(trống)";
  if (typeof value === "boolean") return value ? "Có" : "Không";
  if (field === "role" && typeof value === "string" && Object.hasOwn(consoleRoleLabels, value)) {
    return consoleRoleLabels[value as UserRoleName];
  }
  if (typeof value === "number" && moneyFields.has(field)) return formatVnd(value);
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTimeVi(value);
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > LONG_VALUE ? `${text.slice(0, LONG_VALUE)}…` : text;
}
