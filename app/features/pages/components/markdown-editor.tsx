import { Bold, Heading2, Italic, Link2, List } from "~/components/ui/icons";
import { useMemo, useRef, useState, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { renderMarkdown } from "../markdown";
import { MarkdownBody } from "./markdown-body";

type Format = "bold" | "italic" | "heading" | "list" | "link";

/** The text after a toolbar button, and what to select in it then. */
export function applyFormat(value: string, start: number, end: number, format: Format): { value: string; start: number; end: number } {
  const selected = value.slice(start, end);
  const wrap = (before: string, after: string, placeholder: string) => {
    const inner = selected || placeholder;
    return {
      value: value.slice(0, start) + before + inner + after + value.slice(end),
      start: start + before.length,
      end: start + before.length + inner.length,
    };
  };
  if (format === "bold") return wrap("**", "**", "chữ đậm");
  if (format === "italic") return wrap("*", "*", "chữ nghiêng");
  if (format === "link") {
    const label = selected || "liên kết";
    const next = `${value.slice(0, start)}[${label}](https://)${value.slice(end)}`;
    const urlStart = start + label.length + 3;
    return { value: next, start: urlStart, end: urlStart + "https://".length };
  }
  // Heading and list act on whole lines.
  const lineStart = value.lastIndexOf("\n", start - 1) + 1;
  const lineEndAt = value.indexOf("\n", end);
  const lineEnd = lineEndAt === -1 ? value.length : lineEndAt;
  const lines = value.slice(lineStart, lineEnd).split("\n");
  const changed =
    format === "heading"
      ? lines.map((line) => (line.startsWith("## ") ? line.slice(3) : `## ${line.replace(/^#+\s*/, "")}`))
      : lines.map((line) => (/^- /.test(line) ? line.slice(2) : `- ${line}`));
  const text = changed.join("\n");
  return { value: value.slice(0, lineStart) + text + value.slice(lineEnd), start: lineStart, end: lineStart + text.length };
}

const buttons: Array<{ format: Format; label: string; icon: ReactNode }> = [
  { format: "bold", label: "In đậm", icon: <Bold aria-hidden="true" /> },
  { format: "italic", label: "In nghiêng", icon: <Italic aria-hidden="true" /> },
  { format: "heading", label: "Tiêu đề mục", icon: <Heading2 aria-hidden="true" /> },
  { format: "list", label: "Danh sách", icon: <List aria-hidden="true" /> },
  { format: "link", label: "Liên kết", icon: <Link2 aria-hidden="true" /> },
];

/**
 * A Markdown text box with a small toolbar (bold, italic, heading, list, link) and a live preview
 * rendered by the same renderer as the storefront (app/features/pages/markdown.ts).
 */
export function MarkdownEditor({
  id,
  name,
  label,
  defaultValue,
  error,
  required,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  required?: boolean;
  hint?: ReactNode;
}) {
  const [value, setValue] = useState(defaultValue);
  const box = useRef<HTMLTextAreaElement>(null);
  const html = useMemo(() => renderMarkdown(value), [value]);

  function format(kind: Format) {
    const textarea = box.current;
    if (!textarea) return;
    const next = applyFormat(value, textarea.selectionStart, textarea.selectionEnd, kind);
    setValue(next.value);
    requestAnimationFrame(() => {
      textarea.focus();
      textarea.setSelectionRange(next.start, next.end);
    });
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <FormField id={id} label={label} required={required} error={error} hint={hint}>
        {(control) => (
          <div className="flex flex-col gap-1.5">
            <div role="toolbar" aria-label={`Định dạng: ${label}`} aria-controls={id} className="flex flex-wrap gap-1">
              {buttons.map((button) => (
                <Button
                  key={button.format}
                  type="button"
                  variant="ghost"
                  size="icon"
                  title={button.label}
                  aria-label={button.label}
                  onClick={() => format(button.format)}
                >
                  {button.icon}
                </Button>
              ))}
            </div>
            <Textarea
              {...control}
              ref={box}
              name={name}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              rows={18}
              code
              spellCheck
            />
          </div>
        )}
      </FormField>
      <section aria-label={`Xem trước: ${label}`} className="flex flex-col gap-1.5">
        <p className="text-sm font-medium" aria-hidden="true">
          Xem trước
        </p>
        {/* Focusable: a keyboard user can scroll a long preview. */}
        <div tabIndex={0} className="max-h-[34rem] min-h-40 overflow-y-auto rounded-lg border border-brand-charcoal/10 bg-white p-4">
          {value.trim() ? (
            <MarkdownBody html={html} />
          ) : (
            <p className="text-sm text-brand-cool-gray">Nội dung sẽ hiện ở đây khi bạn nhập.</p>
          )}
        </div>
      </section>
    </div>
  );
}
