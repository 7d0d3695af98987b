import type { ReactNode } from "react";

/** A titled white card for a detail page's blocks (order, customer). */
export function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-brand-charcoal/10 bg-white p-4 shadow-xs sm:p-5">
      <h2 className="mb-3 font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** One label/value row of a definition list inside a DetailCard. */
export function DetailInfo({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2">
      <dt className="text-brand-cool-gray">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
