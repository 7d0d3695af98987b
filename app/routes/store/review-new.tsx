import { ReviewOrderPage, type ReviewFormAnswer } from "~/features/reviews/components/review-order-page";
import { MAX_REVIEW_REQUEST_BYTES, reviewableOrderOf, submitReview } from "~/features/reviews/reviews.server";
import { reviewMessages } from "~/features/reviews/reviews.schema";
import { AppError, toHttpStatus } from "~/server/errors.server";
import { formAction, intent, refuse } from "~/server/form-action.server";
import { storageFor } from "~/server/storage.server";
import type { Route } from "./+types/review-new";
import { metaTranslator, storeMeta } from "~/features/storefront/store-meta";

/*
 * The delivered e-mail's review link (issue 19 item 2): a signed, expiring token naming the
 * order, no sign-in. The page lists the order's products with a form for each; a review waits
 * for the shop's approval before the product page shows it.
 */

// The token stays on this site: no Referer to other sites ("no-referrer" would make the browser
// send `Origin: null` with the form's post, which the cross-site check refuses).
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    return { token, order: await reviewableOrderOf(context.database.db, token, context.env.AUTH_SECRET), error: null };
  } catch (error) {
    if (error instanceof AppError) return { token, order: null, error: error.message };
    throw error;
  }
}

const TEXT_FIELDS = ["rating", "title", "body", "displayName"] as const;

export const action = formAction({
  defaultIntent: "review",
  maxBytes: { bytes: MAX_REVIEW_REQUEST_BYTES, message: reviewMessages.tooManyPhotos, field: "photos" },
  headers: { "Cache-Control": "private, no-store" },
  intents: {
    review: intent({
      run: async ({ input, form, request, context }) => {
        const token = typeof input.token === "string" ? input.token : (new URL(request.url).searchParams.get("token") ?? "");
        const productId = Number(input.productId) || 0;
        const files = form.getAll("photos").filter((f): f is File => typeof f !== "string" && f.size > 0);
        const photos = await Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer())));
        try {
          await submitReview(context.database.db, storageFor(context.env), { token, fields: input, photos }, context.env.AUTH_SECRET);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          // The product's form shows the message, and keeps what was typed (a page rendered again without JavaScript).
          const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, typeof input[name] === "string" ? input[name] : ""]));
          return refuse(toHttpStatus(error), error.message, {
            ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
            result: { productId, values },
          });
        }
        context.logger.info({ productId }, "review submitted");
        return { productId };
      },
    }),
  },
});

export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslator(args);
  return storeMeta(args, { title: t("reviews.page.metaTitle"), description: t("reviews.page.title"), noIndex: true });
};

export default function ReviewNewRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ReviewOrderPage
      token={loaderData.token}
      order={loaderData.order}
      error={loaderData.error}
      answer={actionData as ReviewFormAnswer | undefined}
    />
  );
}
