import { z } from "zod";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { CustomersPage } from "~/features/customers/components/customers-page";
import { listCustomers } from "~/features/customers/customers.server";
import { countNewsletterSubscribers } from "~/features/newsletter/newsletter.server";
import type { Route } from "./+types/customers";

const querySchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listCustomers(context.database.db, { q: query.q || undefined, page: query.page });
  // Only confirmed addresses are on the newsletter list (double opt-in); pending ones apart.
  const newsletter = await countNewsletterSubscribers(context.database.db);
  return { list, q: query.q ?? "", newsletter, canExport: admin.permissions.has("exportCustomerData") };
}

export const meta: Route.MetaFunction = () => adminMeta("Khách hàng");

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  return <CustomersPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
