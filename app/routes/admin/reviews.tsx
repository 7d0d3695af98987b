import { adminAction, adminIntent } from "~/features/auth/admin-action.server";
import { requireAdmin } from "~/features/auth/auth.server";
import { AdminRouteError } from "~/features/auth/components/admin-error";
import { adminMeta } from "~/features/auth/components/admin-nav";
import { ReviewsAdminPage } from "~/features/reviews/components/reviews-admin-page";
import { reviewIdSchema, reviewListQuerySchema, reviewReplySchema } from "~/features/reviews/reviews.schema";
import {
  countReviews,
  deleteDemoReviews,
  listReviews,
  replyToReview,
  setReviewStatus,
} from "~/features/reviews/reviews.server";
import type { Route } from "./+types/reviews";
import { inAuditedTransaction } from "~/server/audited-transaction.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.database.db;
  const query = reviewListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [list, counts] = await Promise.all([listReviews(db, query), countReviews(db)]);
  return { list, filter: query.filter, counts };
}

/** Moderation: approve, hide, reply; "Xóa tất cả đánh giá mẫu". Audited (decision 0030). */
export const action = adminAction({
  intents: {
    approve: adminIntent({
      schema: reviewIdSchema,
      run: ({ input, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) => setReviewStatus(tx, input.id, "approved")),
    }),
    hide: adminIntent({
      schema: reviewIdSchema,
      run: ({ input, context, guard: admin }) =>
        inAuditedTransaction(context.database.db, admin.user.id, (tx) => setReviewStatus(tx, input.id, "hidden")),
    }),
    reply: adminIntent({
      schema: reviewReplySchema,
      run: ({ input, context, guard }) =>
        inAuditedTransaction(context.database.db, guard.user.id, (tx) =>
          replyToReview(tx, input.id, input.reply, {
            userId: guard.user.id,
            name: guard.user.name || guard.user.email,
          }),
        ),
    }),
    "delete-demo": adminIntent({
      run: async ({ context, guard: admin }) => ({
        removed: await inAuditedTransaction(context.database.db, admin.user.id, (tx) => deleteDemoReviews(tx)),
      }),
    }),
  },
});

export const meta: Route.MetaFunction = () => adminMeta("Đánh giá");

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  return <ReviewsAdminPage {...loaderData} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
