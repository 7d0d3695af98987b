import { ChevronDown } from "~/components/ui/icons";
import { useI18n } from "~/lib/i18n/i18n-context";

/** SPEC §2: four questions (how UVC works, daily safety, battery life, toothbrush compatibility), as catalogue keys. */
const productFaq = [
  { id: "how-uvc-works", question: "catalog.faq.howUvcWorks.question", answer: "catalog.faq.howUvcWorks.answer" },
  { id: "daily-safety", question: "catalog.faq.dailySafety.question", answer: "catalog.faq.dailySafety.answer" },
  { id: "battery-life", question: "catalog.faq.batteryLife.question", answer: "catalog.faq.batteryLife.answer" },
  {
    id: "toothbrush-compatibility",
    question: "catalog.faq.compatibility.question",
    answer: "catalog.faq.compatibility.answer",
  },
] as const;

export function ProductFaq() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="product-faq-heading" className="flex flex-col gap-4">
      <h2 id="product-faq-heading" className="text-2xl font-bold md:text-3xl">
        {t("catalog.faq.heading")}
      </h2>
      {/* Native <details>, one open at a time through their shared name: it works before and without
          JavaScript, and keeps Radix's accordion (~6 KB gzip) out of the product page. */}
      <div className="border-t border-brand-charcoal/15">
        {productFaq.map((item) => (
          <details key={item.id} name="product-faq" className="group border-b border-current/15">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 py-3 text-left text-base font-medium md:text-lg [&::-webkit-details-marker]:hidden">
              {t(item.question)}
              <ChevronDown className="size-4 shrink-0 transition-transform duration-200 group-open:rotate-180" aria-hidden="true" />
            </summary>
            <div className="pb-4 leading-relaxed text-brand-charcoal/80">{t(item.answer)}</div>
          </details>
        ))}
      </div>
    </section>
  );
}
