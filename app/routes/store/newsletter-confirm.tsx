import { CircleAlert, CircleCheck } from "~/components/ui/icons";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { storeAction } from "~/features/auth/store-action.server";
import {
  confirmationStateOf,
  confirmNewsletterSubscription,
  getNewsletterOffer,
} from "~/features/newsletter/newsletter.server";
import { newsletterLinkMessages } from "~/features/newsletter/newsletter-intro";
import { useI18n } from "~/lib/i18n/i18n-context";
import { intent } from "~/server/form-action.server";
import type { Route } from "./+types/newsletter-confirm";
import { metaTranslator, storeMeta } from "~/features/storefront/store-meta";

/*
 * The confirmation link of the newsletter e-mail. Opening it (GET) only shows a button; the
 * subscription is confirmed by the button's POST, so a mail scanner or link preview that fetches
 * the URL confirms nothing (docs/decisions/0011).
 */

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

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

export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: t("pages.newsletter.confirmMetaTitle"),
    description: t("pages.newsletter.confirmMetaDescription"),
    noIndex: true,
  });
};

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, state, offer } = loaderData;
  const busy = useNavigation().state !== "idle";
  const { t, text, href } = useI18n();
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
          <h1 className="text-2xl font-bold md:text-3xl">{t("pages.newsletter.confirmedTitle")}</h1>
          <p role="status">{t("pages.newsletter.confirmedText")}</p>
          {code && (
            <p>
              {t("pages.newsletter.codeBefore")}{" "}
              <strong
                className="rounded-md border border-dashed border-brand-teal-strong px-2 py-0.5 font-mono tracking-wider text-brand-teal-strong"
                data-testid="newsletter-code"
              >
                {code}
              </strong>{" "}
              {t("pages.newsletter.codeAfter")}
            </p>
          )}
          <Button asChild>
            <Link to={href("/shop")}>{t("pages.newsletter.shopNow")}</Link>
          </Button>
        </>
      ) : error ? (
        <>
          <CircleAlert className="size-14 text-[#8a1c1c]" aria-hidden="true" />
          <h1 className="text-2xl font-bold md:text-3xl">{t("pages.newsletter.confirmFailedTitle")}</h1>
          <p role="alert">{text(error)}</p>
          <Button asChild variant="outline">
            <Link to={href("/#newsletter-footer")}>{t("pages.newsletter.home")}</Link>
          </Button>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold md:text-3xl">{t("pages.newsletter.confirmTitle")}</h1>
          <p>{t("pages.newsletter.confirmText")}</p>
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? t("pages.newsletter.confirming") : t("pages.newsletter.confirm")}
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}
