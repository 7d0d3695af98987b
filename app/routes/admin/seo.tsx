import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { createPageSeo, deletePageSeo, listPageSeo, updatePageSeo } from "~/features/seo/seo-admin.server";
import { getSettings } from "~/features/settings/settings.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { AppError } from "~/server/errors.server";
import type { Route } from "./+types/seo";
import { publicOrigin } from "~/server/request-guards.server";
import { SeoPage } from "~/features/seo/components/seo-page";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.database.db;
  const settings = await getSettings(db);
  let pages: Awaited<ReturnType<typeof listPageSeo>> | null = null;
  try {
    pages = await listPageSeo(db);
  } catch (error) {
    context.logger.error({ err: error }, "page_seo list failed");
  }
  const url = new URL(request.url);
  return {
    pages: pages?.map((p) => ({ ...p, createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString() })) ?? null,
    selectedId: Number(url.searchParams.get("id")) || null,
    isNew: url.searchParams.get("new") === "1",
    storeName: settings.store.storeName,
    origin: publicOrigin(context.env, request),
  };
}

const fields = ["pagePath", "metaTitle", "metaDescription", "keywords", "canonicalUrl", "ogImage", "structuredData"] as const;

const seoRowId = (input: Record<string, unknown>) => Number(input.id) || null;

export const action = adminAction({
  intents: {
    save: adminIntent({
      run: async ({ input, context, guard: admin }) => {
        const id = seoRowId(input);
        const values = Object.fromEntries(fields.map((f) => [f, String(input[f] ?? "")]));
        const row = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          id ? updatePageSeo(tx, id, { ...values, version: input.version }) : createPageSeo(tx, values),
        );
        return { id: row.id, version: row.version };
      },
    }),
    delete: adminIntent({
      run: async ({ input, context, guard: admin }) => {
        const id = seoRowId(input);
        if (!id) throw new AppError("invalid", "Yêu cầu không hợp lệ");
        await inAuditedTransaction(context.database.db, admin.user.id, (tx) => deletePageSeo(tx, id));
      },
    }),
  },
  unknownIntentMessage: "Yêu cầu không hợp lệ",
});

export const meta: Route.MetaFunction = () => adminMeta("SEO");

export default function AdminSeo({ loaderData }: Route.ComponentProps) {
  return <SeoPage loaderData={loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
