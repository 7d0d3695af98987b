import type { ReactNode } from "react";

/** The heading block of an admin screen. */
export function AdminPageHeader({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex flex-col gap-1">
        <h1 id="admin-page-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h1>
        {description && <p className="text-sm text-brand-cool-gray sm:text-base">{description}</p>}
      </div>
      {children}
    </div>
  );
}
