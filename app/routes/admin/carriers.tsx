import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { confirmOwnPassword } from "~/features/auth/auth-flows.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import {
  changesGhnBaseUrl,
  getGhnAccountView,
  rotateGhnWebhookSecret,
  saveGhnAccount,
  testGhnConnection,
} from "~/features/shipping/carrier-accounts.server";
import { CarriersPage } from "~/features/shipping/components/carriers-page";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import { refuse } from "~/server/form-action.server";
import { publicOrigin } from "~/server/request-guards.server";
import { readRowVersion } from "~/server/row-version.server";
import type { Route } from "./+types/carriers";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const ghn = await getGhnAccountView(context.database.db);
  return { ghn, origin: publicOrigin(context.env, request) };
}

/**
 * Saves the GHN account (the first save has no version: it creates the row), draws a new webhook
 * secret, and tests the saved account against GHN. A save that changes where the token is sent
 * (the API address) needs the owner's password again; a wrong one saves nothing (decision 0043).
 */
export const action = adminAction({
  intents: {
    save: adminIntent({
      run: async ({ input, form, context, guard: admin }) => {
        const { db } = context.database;
        const testHosts = context.env.CARRIER_TEST_HOSTS;
        if (await changesGhnBaseUrl(db, input, testHosts)) {
          const password = String(input.password ?? "");
          const verified = await confirmOwnPassword(db, context.auth, admin.user.id, password, context.env.SIGN_IN_RATE_LIMIT);
          if (!verified.ok) return refuse(verified.status, verified.message, { fieldErrors: { password: verified.message } });
        }
        const version = form.get("version") === null ? null : readRowVersion(form);
        const saved = await inAuditedTransaction(db, admin.user.id, (tx) => saveGhnAccount(tx, input, version, testHosts));
        return { version: saved.version };
      },
    }),
    "rotate-secret": adminIntent({
      run: async ({ form, context, guard: admin }) => {
        const saved = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          rotateGhnWebhookSecret(tx, readRowVersion(form)),
        );
        return { version: saved.version };
      },
    }),
    test: adminIntent({
      run: async ({ context }) => testGhnConnection(context.database.db),
    }),
  },
  unknownIntentMessage: "Yêu cầu không hợp lệ",
});

export const meta: Route.MetaFunction = () => adminMeta("Đơn vị vận chuyển");

export default function AdminCarriers({ loaderData }: Route.ComponentProps) {
  return <CarriersPage loaderData={loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
