import { z } from "zod";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { NewsletterPage } from "~/features/newsletter/components/newsletter-page";
import { listNewsletterSubscribers, removeNewsletterSubscriber } from "~/features/newsletter/newsletter-admin.server";
import { newsletterListQuerySchema, newsletterRemovalSchema } from "~/features/newsletter/newsletter.schema";
import { countNewsletterSubscribers } from "~/features/newsletter/newsletter.server";
import type { Route } from "./+types/newsletter";

const querySchema = newsletterListQuerySchema.extend({ page: z.coerce.number().int().min(1).max(1_000_000).catch(1) });

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const db = context.database.db;
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [list, counts] = await Promise.all([
    listNewsletterSubscribers(db, { q: query.q || undefined, status: query.status, page: query.page }),
    countNewsletterSubscribers(db),
  ]);
  return {
    list,
    q: query.q ?? "",
    status: query.status,
    counts,
    canExport: admin.permissions.has("exportCustomerData"),
  };
}

/** "Hủy đăng ký": the address named by id and e-mail leaves the list. */
export const action = adminAction({
  intents: {
    unsubscribe: adminIntent({
      schema: newsletterRemovalSchema,
      run: async ({ input, context }) => {
        await removeNewsletterSubscriber(context.database.db, input);
      },
    }),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Bản tin");

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  return <NewsletterPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
