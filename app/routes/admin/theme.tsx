import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { buildThemeCss } from "~/features/theme/theme-css";
import { getThemeForEditing, saveTheme } from "~/features/theme/theme.server";
import { paletteKeys } from "~/features/theme/theme.schema";
import type { Route } from "./+types/theme";
import { ThemePage } from "~/features/theme/components/theme-page";
import { inAuditedTransaction } from "~/server/audited-transaction.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return await getThemeForEditing(context.database.db);
}

/** Saves the palette; the storefront's CSS variables follow on the next request (root loader). */
export const action = adminAction({
  intents: {
    save: adminIntent({
      run: async ({ input, context, guard: admin }) => {
        const colors = Object.fromEntries(paletteKeys.map((key) => [key, input[key]]));
        const { palette, version } = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          saveTheme(tx, { ...colors, version: input.version }),
        );
        return { css: buildThemeCss(palette), version };
      },
    }),
  },
  defaultIntent: "save",
});

export const meta: Route.MetaFunction = () => adminMeta("Giao diện");

export default function AdminTheme({ loaderData }: Route.ComponentProps) {
  return <ThemePage loaderData={loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
