import { requireAdmin } from "~/features/auth/auth.server";
import { newsletterCsvBatches, newsletterCsvHeader } from "~/features/newsletter/newsletter-admin.server";
import { newsletterListQuerySchema } from "~/features/newsletter/newsletter.schema";
import { shopDayIso } from "~/lib/dates";
import { csvStreamResponse } from "~/server/csv.server";
import type { Route } from "./+types/newsletter-export";

/** newsletter_{date}.csv: every address matching the list's search and status (?q=&status=), streamed in batches. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = newsletterListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return csvStreamResponse(
    `newsletter_${shopDayIso()}.csv`,
    newsletterCsvHeader,
    newsletterCsvBatches(context.database.db, { q: query.q || undefined, status: query.status }),
  );
}
