/*
 * A small, strict Markdown renderer of our own for policies and blog posts (issue 19, decision
 * 0035). It knows a subset only: headings, paragraphs, bold and italic, bulleted and numbered
 * lists, links (http(s), site paths, #anchors and mailto: only) and images from our own files
 * (/uploads/…, /images/…). Everything else is text: every character of the source is escaped, so
 * raw HTML, script URLs and attribute tricks come out as harmless text and no sanitiser is needed.
 * Pure and safe in the browser: the console's live preview uses the same function as the server.
 */

export interface MarkdownOptions {
  /** Rewrites a site path link (e.g. to the page's language: /policies/x → /en/policies/x). */
  localizePath?: (path: string) => string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function hasControlCharacter(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A link target we accept, as written (null: not a link, the text is shown alone). */
export function safeLinkHref(raw: string): string | null {
  const href = raw.trim();
  // Control characters and whitespace inside a URL are refused outright (e.g. "java\tscript:").
  if (href === "" || /[\s\\]/.test(href) || hasControlCharacter(href)) return null;
  if (/^https?:\/\/[^/]/i.test(href)) return href;
  if (/^mailto:[^/]/i.test(href)) return href;
  if (href.startsWith("#")) return href;
  if (href.startsWith("/") && !href.startsWith("//")) return href;
  return null;
}

/** An image source we accept: a file of ours (an upload or a bundled image), never another site. */
export function safeImageSrc(raw: string): string | null {
  const src = raw.trim();
  if (/[\s\\]/.test(src) || hasControlCharacter(src) || src.includes("..")) return null;
  return /^\/(uploads|images)\/[\w\-./%]+$/.test(src) ? src : null;
}

type Block =
  | { type: "heading"; level: 2 | 3; text: string }
  | { type: "paragraph"; lines: string[] }
  | { type: "list"; ordered: boolean; items: string[] };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/;

function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] | null = null;
  let list: { type: "list"; ordered: boolean; items: string[] } | null = null;
  const close = () => {
    paragraph = null;
    list = null;
  };
  for (const line of source.replace(/\r\n?/g, "\n").split("\n")) {
    if (line.trim() === "") {
      close();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      close();
      blocks.push({ type: "heading", level: heading[1].length <= 2 ? 2 : 3, text: heading[2] });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      const current = list as { ordered: boolean; items: string[] } | null;
      if (!current || current.ordered !== ordered) {
        close();
        list = { type: "list", ordered, items: [] };
        blocks.push(list);
      }
      (list as unknown as { items: string[] }).items.push((bullet ?? numbered)![1]);
      continue;
    }
    const openList = list as { items: string[] } | null;
    if (openList && /^\s{2,}\S/.test(line)) {
      // An indented line continues the list item above it.
      openList.items[openList.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    if (!paragraph) {
      list = null;
      paragraph = [];
      blocks.push({ type: "paragraph", lines: paragraph });
    }
    (paragraph as string[]).push(line.trim());
  }
  return blocks;
}

const IMAGE = /^!\[([^\]\n]*)\]\(([^()\s]+)\)/;
const LINK = /^\[([^\]\n]+)\]\(([^()\s]+)\)/;

/** Inline Markdown to HTML: escapes everything that is not bold, italic, a link or an image. */
function renderInline(text: string, options: MarkdownOptions, inLink = false): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const c = text[i];
    if (c === "\\" && i + 1 < text.length && /[\\*_[\]()!#`-]/.test(text[i + 1])) {
      out += escapeHtml(text[i + 1]);
      i += 2;
      continue;
    }
    if (c === "!" && !inLink) {
      const image = IMAGE.exec(rest);
      if (image) {
        const src = safeImageSrc(image[2]);
        out += src
          ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(image[1])}" loading="lazy" decoding="async">`
          : escapeHtml(image[1]);
        i += image[0].length;
        continue;
      }
    }
    if (c === "[" && !inLink) {
      const link = LINK.exec(rest);
      if (link) {
        const href = safeLinkHref(link[2]);
        const label = renderInline(link[1], options, true);
        if (!href) out += label;
        else {
          const external = /^https?:/i.test(href);
          const target = href.startsWith("/") && options.localizePath ? options.localizePath(href) : href;
          out += `<a href="${escapeHtml(target)}"${external ? ' rel="noopener noreferrer"' : ""}>${label}</a>`;
        }
        i += link[0].length;
        continue;
      }
    }
    if (c === "*" && text[i + 1] === "*") {
      const end = text.indexOf("**", i + 2);
      if (end > i + 2) {
        out += `<strong>${renderInline(text.slice(i + 2, end), options, inLink)}</strong>`;
        i = end + 2;
        continue;
      }
    }
    if ((c === "*" || c === "_") && text[i + 1] !== c && text[i + 1] !== " ") {
      // "_" opens emphasis only at a word's start (snake_case stays as it is).
      const opens = c === "*" || i === 0 || !/\w/.test(text[i - 1]);
      const end = opens ? text.indexOf(c, i + 1) : -1;
      const closes = end > i + 1 && text[end - 1] !== " " && (c === "*" || !/\w/.test(text[end + 1] ?? ""));
      if (closes) {
        out += `<em>${renderInline(text.slice(i + 1, end), options, inLink)}</em>`;
        i = end + 1;
        continue;
      }
    }
    out += escapeHtml(c);
    i += 1;
  }
  return out;
}

/** Markdown (the subset above) to safe HTML. */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  return parseBlocks(source)
    .map((block) => {
      switch (block.type) {
        case "heading":
          return `<h${block.level}>${renderInline(block.text, options)}</h${block.level}>`;
        case "paragraph":
          return `<p>${block.lines.map((line) => renderInline(line, options)).join("<br>")}</p>`;
        case "list": {
          const tag = block.ordered ? "ol" : "ul";
          return `<${tag}>${block.items.map((item) => `<li>${renderInline(item, options)}</li>`).join("")}</${tag}>`;
        }
      }
    })
    .join("\n");
}

/** The plain text of Markdown (for descriptions and feeds): markup removed, nothing escaped. */
export function markdownToText(source: string): string {
  return source
    .replace(/!\[([^\]\n]*)\]\([^()\s]+\)/g, "$1")
    .replace(/\[([^\]\n]+)\]\([^()\s]+\)/g, "$1")
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/^\s{0,3}(?:[-*+]|\d{1,9}[.)])\s+/gm, "")
    .replace(/\*\*|(?<!\w)[*_]|[*_](?!\w)/g, "")
    .replace(/\s+/g, " ")
    .trim();
}
