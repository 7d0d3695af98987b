import { CircleAlert, CircleCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { storeAction } from "~/features/auth/store-action.server";
import {
  confirmationStateOf,
  confirmNewsletterSubscription,
  getNewsletterOffer,
} from "~/features/newsletter/newsletter.server";
import { newsletterLinkMessages } from "~/features/newsletter/newsletter.schema";
import { intent } from "~/server/form-action.server";
import type { Route } from "./+types/newsletter-confirm";
import { storeMeta } from "./store-meta";

/*
 * The confirmation link of the newsletter e-mail. Opening it (GET) only shows a button; the
 * subscription is confirmed by the button's POST, so a mail scanner or link preview that fetches
 * the URL confirms nothing (docs/decisions/0011).
 */

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await confirmationStateOf(context.database.db, token);
  const offer = state === "confirmed" ? await getNewsletterOffer(context.database.db) : null;
  return { token, state, offer };
}

export const action = storeAction({
  defaultIntent: "confirm",
  intents: {
    confirm: intent({
      run: async ({ input, context }) => {
        await confirmNewsletterSubscription(context.database.db, String(input.token ?? ""));
        context.logger.info({}, "newsletter subscription confirmed");
        return { offer: await getNewsletterOffer(context.database.db) };
      },
    }),
  },
});

export const meta: Route.MetaFunction = (args) =>
  storeMeta(args, { title: "Xác nhận đăng ký nhận bản tin", description: "Newsletter confirmation", noIndex: true });

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, state, offer } = loaderData;
  const busy = useNavigation().state !== "idle";
  const confirmed = actionData?.ok === true || state === "confirmed";
  const error =
    actionData?.ok === false
      ? actionData.error
      : state === "expired"
        ? newsletterLinkMessages.expiredLink
        : state === "invalid"
          ? newsletterLinkMessages.invalidLink
          : null;
  const code = (actionData?.ok === true ? actionData.result?.offer : offer)?.code;

  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      {confirmed ? (
        <>
          <CircleCheck className="size-14 text-brand-teal-strong" aria-hidden="true" />
          <h1 className="text-2xl font-bold md:text-3xl">Bạn đã đăng ký nhận bản tin</h1>
          <p role="status">Cảm ơn bạn đã xác nhận. Bạn có thể hủy đăng ký bất cứ lúc nào bằng liên kết trong mỗi email.</p>
          {code && (
            <p>
              Dùng mã{" "}
              <strong
                className="rounded-md border border-dashed border-brand-teal-strong px-2 py-0.5 font-mono tracking-wider text-brand-teal-strong"
                data-testid="newsletter-code"
              >
                {code}
              </strong>{" "}
              cho đơn hàng đầu tiên của bạn.
            </p>
          )}
          <Button asChild>
            <Link to="/shop">Mua sắm ngay</Link>
          </Button>
        </>
      ) : error ? (
        <>
          <CircleAlert className="size-14 text-[#8a1c1c]" aria-hidden="true" />
          <h1 className="text-2xl font-bold md:text-3xl">Không thể xác nhận đăng ký</h1>
          <p role="alert">{error}</p>
          <Button asChild variant="outline">
            <Link to="/#newsletter-footer">Về trang chủ</Link>
          </Button>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold md:text-3xl">Xác nhận đăng ký nhận bản tin</h1>
          <p>Nhấn nút bên dưới để xác nhận bạn muốn nhận bản tin và ưu đãi qua email.</p>
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? "Đang xác nhận..." : "Xác nhận đăng ký"}
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}
