import { CircleAlert, CircleCheck } from "~/components/ui/icons";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { isUnsubscribeTokenValid, unsubscribeFromNewsletter } from "~/features/newsletter/newsletter.server";
import { newsletterLinkMessages } from "~/features/newsletter/newsletter-intro";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formAction, intent } from "~/server/form-action.server";
import type { Route } from "./+types/newsletter-unsubscribe";
import { metaTranslator, storeMeta } from "~/features/storefront/store-meta";

/*
 * The unsubscribe link of every newsletter e-mail: a signed token, no sign-in. The page's one
 * button posts to this URL; so does a mail client's one-click unsubscribe (List-Unsubscribe-Post,
 * RFC 8058), which comes from the mail provider's servers: no same-origin check here, the
 * signature is what authorises it.
 */

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: isUnsubscribeTokenValid(token, context.env.AUTH_SECRET) };
}

/** The token is the form's (the page's button) or the URL's (a mail client's one-click post). */
export const action = formAction({
  defaultIntent: "unsubscribe",
  intents: {
    unsubscribe: intent({
      run: async ({ input, request, context }) => {
        const token =
          typeof input.token === "string" ? input.token : (new URL(request.url).searchParams.get("token") ?? "");
        await unsubscribeFromNewsletter(context.database.db, token, context.env.AUTH_SECRET);
        context.logger.info({}, "newsletter unsubscribe");
      },
    }),
  },
});

export const meta: Route.MetaFunction = (args) => {
  const t = metaTranslator(args);
  return storeMeta(args, {
    title: t("pages.newsletter.unsubscribeMetaTitle"),
    description: t("pages.newsletter.unsubscribeMetaDescription"),
    noIndex: true,
  });
};

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, valid } = loaderData;
  const busy = useNavigation().state !== "idle";
  const { t, text, href } = useI18n();
  const error = actionData?.ok === false ? actionData.error : valid ? null : newsletterLinkMessages.invalidUnsubscribe;
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
      {actionData?.ok ? (
        <>
          <CircleCheck className="size-14 text-brand-teal-strong" aria-hidden="true" />
          <h1 className="text-2xl font-bold md:text-3xl">{t("pages.newsletter.unsubscribedTitle")}</h1>
          <p role="status">{t("pages.newsletter.unsubscribedText")}</p>
          <Button asChild variant="outline">
            <Link to={href("/")}>{t("pages.newsletter.home")}</Link>
          </Button>
        </>
      ) : error ? (
        <>
          <CircleAlert className="size-14 text-[#8a1c1c]" aria-hidden="true" />
          <h1 className="text-2xl font-bold md:text-3xl">{t("pages.newsletter.unsubscribeFailedTitle")}</h1>
          <p role="alert">{text(error)}</p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold md:text-3xl">{t("pages.newsletter.unsubscribeTitle")}</h1>
          <p>{t("pages.newsletter.unsubscribeText")}</p>
          <Form method="post">
            <input type="hidden" name="token" value={token} />
            <Button type="submit" size="lg" disabled={busy}>
              {busy ? t("pages.newsletter.unsubscribing") : t("pages.newsletter.unsubscribe")}
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}
