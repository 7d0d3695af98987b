import { cn } from "~/components/ui/cn";

/** How rendered Markdown looks (headings, paragraphs, lists, links, images): one style for the page and the console's preview. */
export const markdownClasses =
  "text-base leading-relaxed text-brand-charcoal [&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-bold [&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5 [&_a]:font-medium [&_a]:text-brand-teal-strong [&_a]:underline [&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-2xl [&>:first-child]:mt-0";

/**
 * HTML made by renderMarkdown (app/features/pages/markdown.ts), which escapes everything it does
 * not make itself: the only place such HTML is put into the page.
 */
export function MarkdownBody({ html, className }: { html: string; className?: string }) {
  return <div className={cn(markdownClasses, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
