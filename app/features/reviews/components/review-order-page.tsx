import { CircleAlert, CircleCheck } from "~/components/ui/icons";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FileInput } from "~/components/ui/file-picker";
import { Input, Textarea } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { REVIEW_BODY_MAX, REVIEW_NAME_MAX, REVIEW_TITLE_MAX } from "../review-rules";
import { useI18n } from "~/lib/i18n/i18n-context";
import { formatOrderNumber } from "~/lib/order-number";
import type { ReviewableItem, ReviewableOrder } from "../reviews.server";
import { StarInput } from "./star-input";

/** What the review action answers for one product's form (the values come back so a refused form keeps them). */
export interface ReviewFormAnswer {
  ok: boolean;
  error?: string;
  fieldErrors?: Record<string, string>;
  result?: { productId: number; values?: Record<string, string> };
}

/**
 * The page of the delivered e-mail's review link: the order's products, a form for each one not
 * reviewed yet (real form posts: they work before JavaScript loads; with it, each form posts on
 * its own), or the reason the link cannot be used.
 */
export function ReviewOrderPage({
  token,
  order,
  error,
  answer,
}: {
  token: string;
  order: ReviewableOrder | null;
  error: string | null;
  /** The answer of a form posted without JavaScript (the page rendered again). */
  answer: ReviewFormAnswer | undefined;
}) {
  const { t, text, href } = useI18n();
  if (!order) {
    return (
      <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-5 px-4 py-16 text-center">
        <CircleAlert className="size-14 text-[#8a1c1c]" aria-hidden="true" />
        <h1 className="text-2xl font-bold md:text-3xl">{t("reviews.page.failedTitle")}</h1>
        <p role="alert">{text(error ?? "reviews.errors.invalidLink")}</p>
        <Button asChild variant="outline">
          <Link to={href("/")}>{t("reviews.page.home")}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 md:py-14">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t("reviews.page.title")}</h1>
        <p className="text-brand-charcoal/85">
          {t("reviews.page.intro", { number: formatOrderNumber(order.orderNumber) })}
        </p>
      </header>
      {order.items.length === 0 ? (
        <p>{t("reviews.page.noProducts")}</p>
      ) : (
        <ul className="flex flex-col gap-6">
          {order.items.map((item) => (
            <li key={item.productId}>
              <ProductReviewForm
                item={item}
                token={token}
                defaultName={order.defaultName}
                answer={answer?.result?.productId === item.productId ? answer : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ProductReviewForm({
  item,
  token,
  defaultName,
  answer,
}: {
  item: ReviewableItem;
  token: string;
  defaultName: string;
  answer: ReviewFormAnswer | undefined;
}) {
  const { t, text } = useI18n();
  const fetcher = useFetcher<ReviewFormAnswer>({ key: `review-${item.productId}` });
  const shown = fetcher.data ?? answer;
  const busy = fetcher.state !== "idle";
  const id = `review-${item.productId}`;
  const field = (name: string) => {
    const message = shown?.ok === false ? shown.fieldErrors?.[name] : undefined;
    return message ? text(message) : undefined;
  };
  const values = shown?.ok === false ? (shown.result?.values ?? {}) : {};
  const headingId = `${id}-heading`;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-5 rounded-3xl border border-brand-charcoal/10 bg-white p-5 shadow-sm md:p-7"
      data-testid="review-product"
    >
      <div className="flex items-center gap-4">
        {item.image && (
          <img
            src={item.image}
            alt=""
            width={64}
            height={64}
            className="size-16 rounded-2xl bg-brand-white object-cover"
          />
        )}
        <h2 id={headingId} className="text-lg font-bold md:text-xl">
          {item.name}
        </h2>
      </div>
      {item.reviewed ? (
        <p role="status" className="flex items-center gap-2 font-medium text-brand-teal-strong">
          <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
          {shown?.ok ? t("reviews.page.thanks") : t("reviews.page.reviewed")}
        </p>
      ) : (
        <fetcher.Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" noValidate={false}>
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="productId" value={item.productId} />
          <StarInput
            name="rating"
            idPrefix={id}
            defaultValue={values.rating ? Number(values.rating) : undefined}
            error={shown?.ok === false ? shown.fieldErrors?.rating : undefined}
          />
          <FormField id={`${id}-title`} label={t("reviews.page.titleLabel")} error={field("title")}>
            {(control) => (
              <Input {...control} name="title" maxLength={REVIEW_TITLE_MAX} defaultValue={values.title ?? ""} />
            )}
          </FormField>
          <FormField
            id={`${id}-body`}
            label={t("reviews.page.bodyLabel")}
            hint={t("reviews.page.bodyHint")}
            error={field("body")}
            required
          >
            {(control) => (
              <Textarea
                {...control}
                name="body"
                rows={5}
                required
                minLength={10}
                maxLength={REVIEW_BODY_MAX}
                defaultValue={values.body ?? ""}
              />
            )}
          </FormField>
          <FormField
            id={`${id}-name`}
            label={t("reviews.page.nameLabel")}
            hint={t("reviews.page.nameHint")}
            error={field("displayName")}
            required
          >
            {(control) => (
              <Input
                {...control}
                name="displayName"
                required
                maxLength={REVIEW_NAME_MAX}
                autoComplete="nickname"
                defaultValue={values.displayName ?? defaultName}
              />
            )}
          </FormField>
          <FormField
            id={`${id}-photos`}
            label={t("reviews.page.photosLabel")}
            hint={t("reviews.page.photosHint")}
            error={field("photos")}
          >
            {(control) => (
              <FileInput {...control} name="photos" multiple accept="image/jpeg,image/png,image/webp,image/avif" />
            )}
          </FormField>
          {shown?.ok === false && !shown.fieldErrors && (
            <p role="alert" className="text-sm text-red-700">
              {text(shown.error ?? "")}
            </p>
          )}
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? t("reviews.page.submitting") : t("reviews.page.submit")}
            </Button>
          </div>
        </fetcher.Form>
      )}
    </section>
  );
}
