import { z } from "zod";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { EmailsPage } from "~/features/email/components/emails-page";
import { getOutboxEmail, listOutbox, retryOutboxEmail } from "~/features/email/email.server";
import type { Route } from "./+types/emails";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.database.db;
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("page")) || 1;
  const id = Number(url.searchParams.get("id")) || null;
  const [outbox, message] = await Promise.all([listOutbox(db, page), id ? getOutboxEmail(db, id) : null]);
  return { outbox, message, smtpConfigured: Boolean(context.env.SMTP_URL) };
}

const INVALID_REQUEST = "Yêu cầu không hợp lệ";
const outboxId = z.coerce.number({ message: INVALID_REQUEST }).int(INVALID_REQUEST).positive(INVALID_REQUEST).max(Number.MAX_SAFE_INTEGER, INVALID_REQUEST);

/** "Gửi lại": a failed message goes back into the queue. */
export const action = adminAction({
  intents: {
    retry: adminIntent({
      schema: z.object({ id: outboxId }),
      run: async ({ input, context }) => {
        await retryOutboxEmail(context.database.db, input.id);
      },
    }),
  },
  unknownIntentMessage: INVALID_REQUEST,
});

export const meta: Route.MetaFunction = () => adminMeta("Email");

export default function AdminEmails({ loaderData }: Route.ComponentProps) {
  return <EmailsPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
