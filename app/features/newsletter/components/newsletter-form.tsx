import { CircleCheck, CircleAlert } from "~/components/ui/icons";
import { useId, useRef, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { useI18n } from "~/lib/i18n/i18n-context";
import type { NewsletterResult, NewsletterSource } from "../newsletter.schema";

const noSubscription = () => () => {};

/** The result of a sign-up made without JavaScript, handed back by the page after the redirect. */
export type NewsletterNotice = NewsletterResult & { source: string };

/** The action's answer to a sign-up posted by the fetcher (the message to read is its payload when ok). */
type SignupAnswer = ActionFeedbackResult & { result?: { message: string } };

function resultOf(answer: SignupAnswer): NewsletterResult {
  return answer.ok ? { ok: true, message: answer.result?.message ?? "" } : { ok: false, message: answer.error };
}

/**
 * The newsletter sign-up box (footer, shop page). Posts `email` and `source` to /newsletter; the
 * answer asks to confirm from the e-mail (double opt-in), the first-order code is shown once confirmed.
 * With JavaScript a fetcher posts it and the answer shows inline and as a toast; without
 * JavaScript the browser posts the form, /newsletter redirects back to the page and the page
 * passes the answer in as `notice`.
 */
export function NewsletterForm({
  source,
  buttonText,
  notice,
  className,
}: {
  source: NewsletterSource;
  buttonText?: string;
  /** The answer of a sign-up made without JavaScript (see the store layout's `newsletterNotice`). */
  notice?: NewsletterNotice | null;
  className?: string;
}) {
  const fetcher = useFetcher<SignupAnswer>({ key: `newsletter-${source}` });
  const { t, text, href } = useI18n();
  const formRef = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const messageId = useId();
  // Rendered only once React runs: tells the action to answer with data instead of a redirect.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  const result: NewsletterResult | null = fetcher.data
    ? resultOf(fetcher.data)
    : notice && notice.source === source
      ? notice
      : null;
  const busy = fetcher.state !== "idle";

  useActionFeedback(fetcher.data, {
    pending: busy,
    success: (answer) => ({
      title: t("pages.newsletter.checkInboxTitle"),
      description: text(answer.result?.message ?? ""),
    }),
    errorText: (answer) => ({ title: t("pages.newsletter.failedTitle"), description: text(answer.error) }),
    onSuccess: () => formRef.current?.reset(),
  });

  return (
    <fetcher.Form
      ref={formRef}
      id={`newsletter-${source}`}
      method="post"
      action={href("/newsletter")}
      noValidate={hydrated}
      className={cn("flex w-full max-w-md scroll-mt-24 flex-col gap-2", className)}
    >
      <input type="hidden" name="source" value={source} />
      {hydrated && <input type="hidden" name="_js" value="1" />}
      <label htmlFor={inputId} className="text-sm font-medium">
        {t("pages.newsletter.email")}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          aria-invalid={result && !result.ok ? true : undefined}
          aria-describedby={result ? messageId : undefined}
          className="h-12 min-w-0 flex-1 rounded-full border-2 border-brand-charcoal/20 bg-white px-5 text-base text-brand-charcoal placeholder:text-brand-cool-gray focus:border-brand-charcoal"
        />
        <Button type="submit" size={null} className="h-12 px-7 text-base whitespace-nowrap" disabled={busy}>
          {busy ? "…" : (buttonText ?? t("pages.newsletter.join"))}
        </Button>
      </div>
      <div id={messageId} role="status" aria-live="polite" className="min-h-0">
        {result &&
          (result.ok ? (
            <div className="mt-1 flex items-start gap-2 rounded-2xl bg-white px-4 py-3 text-sm text-brand-charcoal shadow-sm">
              <CircleCheck className="mt-0.5 size-4 shrink-0 text-brand-teal-strong" aria-hidden="true" />
              <p>{text(result.message)}</p>
            </div>
          ) : (
            <p className="mt-1 flex items-start gap-2 text-sm font-medium text-[#8a1c1c]">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {text(result.message)}
            </p>
          ))}
      </div>
    </fetcher.Form>
  );
}
