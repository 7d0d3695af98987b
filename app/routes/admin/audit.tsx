import { z } from "zod";
import { auditEntityLabels } from "~/features/auth/audit-labels";
import { listAuditActors, listAuditLog } from "~/features/auth/audit.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { AuditPage } from "~/features/auth/components/audit-page";
import { isIsoDay } from "~/lib/dates";
import type { Route } from "./+types/audit";

const isoDay = z.string().refine(isIsoDay).optional().catch(undefined);

/** The filters in the URL; a value that makes no sense is dropped (the unfiltered list). */
const querySchema = z.object({
  actor: z.string().trim().min(1).max(100).optional().catch(undefined),
  entity: z
    .string()
    .refine((value) => Object.hasOwn(auditEntityLabels, value))
    .optional()
    .catch(undefined),
  from: isoDay,
  to: isoDay,
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

/** The owner's audit log (issue 18): who changed what, before → after, when; filtered and paginated. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const db = context.database.db;
  const [log, actors] = await Promise.all([
    listAuditLog(db, {
      actor: query.actor,
      entityType: query.entity,
      from: query.from,
      to: query.to,
      page: query.page,
    }),
    listAuditActors(db),
  ]);
  return {
    log,
    actors,
    filters: { actor: query.actor ?? "", entity: query.entity ?? "", from: query.from ?? "", to: query.to ?? "" },
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Nhật ký thay đổi");

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return <AuditPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
