import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";

/** SPEC §2: four questions (how UVC works, daily safety, battery life, toothbrush compatibility). */
export const productFaq = [
  {
    id: "how-uvc-works",
    question: "How does UVC sterilization work?",
    answer:
      "UVC light at 270–280 nm damages the DNA of bacteria and viruses so they can no longer multiply. The sterilizer closes around the brush head and runs a 3-minute cycle that eliminates 99.9% of bacteria, with no chemicals and no heat.",
  },
  {
    id: "daily-safety",
    question: "Is it safe to use every day?",
    answer:
      "Yes. The UVC LED only lights up while the capsule is closed around the brush head and switches itself off at the end of the cycle or when removed, so your eyes and skin are never exposed. It leaves no residue on the bristles, so you can brush straight after a cycle.",
  },
  {
    id: "battery-life",
    question: "How long does the battery last?",
    answer:
      "A full charge over USB-C takes about 2 hours and gives more than 30 cycles, which is about a month of daily use for one person. The rechargeable battery is designed to last around 2 years, and the device carries a 12-month warranty.",
  },
  {
    id: "toothbrush-compatibility",
    question: "Will it fit my toothbrush?",
    answer:
      "It fits brush heads with a diameter of 10–15 mm: most manual toothbrushes and most electric brush heads. If it does not fit your brush, you can return it within 30 days for a full refund.",
  },
] as const;

export function ProductFaq() {
  return (
    <section aria-labelledby="product-faq-heading" className="flex flex-col gap-4">
      <h2 id="product-faq-heading" className="text-2xl font-bold md:text-3xl">
        Frequently asked questions
      </h2>
      <Accordion type="single" collapsible className="border-t border-brand-charcoal/15">
        {productFaq.map((item) => (
          <AccordionItem key={item.id} value={item.id}>
            <AccordionTrigger className="text-base md:text-lg">{item.question}</AccordionTrigger>
            <AccordionContent className="leading-relaxed text-brand-charcoal/80">{item.answer}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}
