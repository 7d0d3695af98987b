import type { AppLoadContext } from "react-router";
import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { GoLivePage } from "~/features/seed/components/go-live-page";
import { confirmGoLiveItem, getGoLiveChecklist, goLive, type GoLiveEnvironment } from "~/features/seed/go-live.server";
import { inAuditedTransaction } from "~/server/audited-transaction.server";
import type { Route } from "./+types/go-live";

/** What the checklist reads from the environment parsed at start (app/server/env.server.ts). */
function goLiveEnvironment(context: AppLoadContext): GoLiveEnvironment {
  const { PUBLIC_URL, PUBLIC_ORIGINS, SMTP_URL, SMTP_FROM } = context.env;
  return { publicUrl: PUBLIC_URL, publicOrigins: PUBLIC_ORIGINS, smtpUrl: SMTP_URL, smtpFrom: SMTP_FROM };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { checklist: await getGoLiveChecklist(context.database.db, goLiveEnvironment(context)) };
}

/** The owner's: going live (samples removed, the shop marked live) and confirming an item; both audited. */
export const action = adminAction({
  intents: {
    "go-live": adminIntent({
      run: async ({ context, guard: admin }) => {
        const done = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          goLive(tx, goLiveEnvironment(context), { name: admin.user.name || admin.user.email }),
        );
        if (done.alreadyLive) return { message: "Cửa hàng đã mở bán từ trước: không có gì thay đổi." };
        const removed = [
          `đã xóa ${done.removedReviews.toLocaleString("vi-VN")} đánh giá mẫu`,
          ...(done.hiddenTestimonials ? ['đã ẩn mục "Cảm nhận khách hàng" mẫu'] : []),
        ];
        return { message: `Đã mở bán chính thức: ${removed.join(", ")}.` };
      },
    }),
    confirm: adminIntent({
      run: async ({ form, context, guard: admin }) => {
        const done = await inAuditedTransaction(context.database.db, admin.user.id, (tx) =>
          confirmGoLiveItem(tx, form.get("item"), { name: admin.user.name || admin.user.email }),
        );
        return { message: done.alreadyConfirmed ? "Mục này đã được xác nhận trước đó." : "Đã ghi nhận xác nhận." };
      },
    }),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Mở bán");

export default function AdminGoLive({ loaderData }: Route.ComponentProps) {
  return <GoLivePage checklist={loaderData.checklist} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
