import { redirect } from "react-router";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { PagesAdminPage } from "~/features/pages/components/pages-admin-page";
import { pageKinds, type PageKind } from "~/features/pages/pages.schema";
import { createPage, deletePage, getAdminPage, listAdminPages, updatePage } from "~/features/pages/pages.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { parseId } from "~/server/form-action.server";
import { readRowVersion } from "~/server/row-version.server";
import type { Route } from "./+types/pages";

const isKind = (value: string | null): value is PageKind => (pageKinds as readonly string[]).includes(value ?? "");

/**
 * "Chính sách & Blog": the policies and the posts of a kind (?kind=policy|post), or one page's
 * editor (?id=<id>, or ?id=new&kind=… for a new one).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.database.db;
  const search = new URL(request.url).searchParams;
  const id = search.get("id");
  if (id === "new") {
    const kind = search.get("kind");
    return { view: "editor" as const, page: null, kind: isKind(kind) ? kind : "policy" };
  }
  if (id !== null) {
    const page = await getAdminPage(db, parseId(id, "trang"));
    return { view: "editor" as const, page, kind: page.kind };
  }
  const kind = search.get("kind");
  const shown: PageKind = isKind(kind) ? kind : "policy";
  return { view: "list" as const, kind: shown, pages: await listAdminPages(db, shown), now: Date.now() };
}

/** create (then the new page's editor), update (returns the new version), delete (then the list). */
export const action = adminAction({
  intents: {
    create: adminIntent({
      run: async ({ form, context, guard: admin }) => {
        const page = await inAuditedTransaction(context.database.db, admin.user.id, (tx) => createPage(tx, form));
        throw redirect(`/admin/pages?id=${page.id}&saved=1`);
      },
    }),
    update: adminIntent({
      run: async ({ form, input, context, guard: admin }) => {
        const page = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          updatePage(tx, { id: parseId(input.id, "trang"), version: readRowVersion(form) }, form),
        );
        return { version: page.version };
      },
    }),
    delete: adminIntent({
      run: async ({ form, input, context, guard: admin }) => {
        const kind = String(input.kind ?? "");
        await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          deletePage(tx, { id: parseId(input.id, "trang"), version: readRowVersion(form) }),
        );
        throw redirect(`/admin/pages?kind=${isKind(kind) ? kind : "policy"}`);
      },
    }),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Chính sách & Blog");

export default function AdminPages({ loaderData }: Route.ComponentProps) {
  return <PagesAdminPage loaderData={loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
