import { auditedExport, exportFilters } from "~/features/auth/audit.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { newsletterCsvBatches, newsletterCsvHeader } from "~/features/newsletter/newsletter-admin.server";
import { newsletterListQuerySchema } from "~/features/newsletter/newsletter.schema";
import { shopDayIso } from "~/lib/dates";
import { csvStreamResponse } from "~/server/csv.server";
import type { Route } from "./+types/newsletter-export";

/**
 * newsletter_{date}.csv: every address matching the list's search and status (?q=&status=),
 * streamed in batches; for those allowed to export customer data, written in the audit log.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = newsletterListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const file = `newsletter_${shopDayIso()}.csv`;
  const db = context.database.db;
  return csvStreamResponse(
    file,
    newsletterCsvHeader,
    auditedExport(
      db,
      admin.user,
      { data: "newsletter_subscribers", file, filters: exportFilters(url) },
      newsletterCsvBatches(db, { q: query.q || undefined, status: query.status }),
    ),
  );
}
