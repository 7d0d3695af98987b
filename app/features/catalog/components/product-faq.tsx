import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
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
      <Accordion type="single" collapsible className="border-t border-brand-charcoal/15">
        {productFaq.map((item) => (
          <AccordionItem key={item.id} value={item.id}>
            <AccordionTrigger className="text-base md:text-lg">{t(item.question)}</AccordionTrigger>
            <AccordionContent className="leading-relaxed text-brand-charcoal/80">{t(item.answer)}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
