/*
 * A page's kind and its storefront path, without zod: the policy page shows its policy links
 * with them, and pages.schema.ts (the console form's checks) would bring zod into that page.
 */

export const pageKinds = ["policy", "post"] as const;
export type PageKind = (typeof pageKinds)[number];

/** Where a page is on the storefront (Vietnamese path; /en in front for English). */
export function pagePath(kind: PageKind, slug: string): string {
  return kind === "policy" ? `/policies/${slug}` : `/blog/${slug}`;
}
