import { data } from "react-router";
import { z } from "zod";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { EmailsPage } from "~/features/email/components/emails-page";
import {
  getOutboxEmail,
  listOrdersForPreview,
  listOutbox,
  orderEmailKinds,
  orderEmailLinksOf,
  previewOrderEmail,
  retryOutboxEmail,
  type OrderEmailKind,
  type OrderEmailLinks,
} from "~/features/email/email.server";
import { getSettings } from "~/features/settings/settings.server";
import { isUuid } from "~/lib/search-pattern";
import type { Db } from "~/server/db.server";
import { AppError, publicMessage, toHttpStatus } from "~/server/errors.server";
import type { Route } from "./+types/emails";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.database.db;
  const url = new URL(request.url);
  const page = Number(url.searchParams.get("page")) || 1;
  const id = Number(url.searchParams.get("id")) || null;
  const kind = orderEmailKinds.find((k) => k === url.searchParams.get("preview")) ?? null;
  const orderParam = url.searchParams.get("order") ?? "";
  const [outbox, message, previewOrders, preview] = await Promise.all([
    listOutbox(db, page),
    id && !kind ? getOutboxEmail(db, id) : null,
    listOrdersForPreview(db),
    kind ? previewFor(db, kind, orderParam, orderEmailLinksOf(context.env)) : null,
  ]);
  return { outbox, message, smtpConfigured: Boolean(context.env.SMTP_URL), previewOrders, preview };
}

/** The preview of an order e-mail (?preview=kind&order=id; the latest order without one); an unknown order is a 404. */
async function previewFor(db: Db, kind: OrderEmailKind, orderId: string, links: OrderEmailLinks) {
  if (orderId && !isUuid(orderId)) throw data("Không tìm thấy đơn hàng", { status: 404 });
  try {
    const preview = await previewOrderEmail(db, kind, orderId || null, await getSettings(db), links);
    return preview && { kind, ...preview };
  } catch (error) {
    if (error instanceof AppError) throw data(publicMessage(error), { status: toHttpStatus(error) });
    throw error;
  }
}

const INVALID_REQUEST = "Yêu cầu không hợp lệ";
const outboxId = z.coerce
  .number({ message: INVALID_REQUEST })
  .int(INVALID_REQUEST)
  .positive(INVALID_REQUEST)
  .max(Number.MAX_SAFE_INTEGER, INVALID_REQUEST);

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
