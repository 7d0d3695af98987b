import { Star } from "~/components/ui/icons";
import { useI18n } from "~/lib/i18n/i18n-context";

/** The form's rating: five labelled radio buttons (arrow keys move between them; a real form field without JavaScript). */
export function StarInput({
  name,
  idPrefix,
  defaultValue,
  error,
}: {
  name: string;
  idPrefix: string;
  defaultValue?: number;
  error?: string;
}) {
  const { t, text } = useI18n();
  return (
    <fieldset
      className="flex flex-col gap-1.5"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${idPrefix}-rating-error` : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-brand-charcoal">{t("reviews.page.rating")}</legend>
      <div className="flex flex-wrap gap-2">
        {[5, 4, 3, 2, 1].map((n) => (
          <label
            key={n}
            htmlFor={`${idPrefix}-rating-${n}`}
            className="flex h-11 cursor-pointer items-center gap-1.5 rounded-full border border-brand-charcoal/25 bg-white px-3 text-sm has-checked:border-brand-charcoal has-checked:bg-brand-butter-yellow has-focus-visible:outline-2 has-focus-visible:outline-offset-2"
          >
            <input
              id={`${idPrefix}-rating-${n}`}
              type="radio"
              name={name}
              value={n}
              defaultChecked={defaultValue === n}
              required
              className="sr-only"
            />
            <Star aria-hidden="true" className="size-4 fill-amber-500 text-amber-600" />
            {t("reviews.page.star", { count: n })}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${idPrefix}-rating-error`} className="text-sm text-red-700">
          {text(error)}
        </p>
      )}
    </fieldset>
  );
}
