// The framework serving a shop page's own markup, for `npm run bench -- pages`: the body of a page
// the shop rendered becomes a static route of bench/ceiling (its elements and attributes as JSX, its
// internal links as <Link>, its hydration payload as the route's loader data), with no data access,
// middleware or logic of the shop's. Against it, the shop's page shows what our code costs beyond
// rendering that markup; against the minimal page, what the markup itself costs (decision 0025).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where the generated routes live (ignored by git, the type check and the linter). */
export const markupDir = path.resolve(import.meta.dirname, "app/routes/markup");

// HTML attribute names as React's props (those our pages use); data-*, aria-* and the rest as they are.
const PROP_NAMES = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  readonly: "readOnly",
  maxlength: "maxLength",
  minlength: "minLength",
  autocomplete: "autoComplete",
  enctype: "encType",
  srcset: "srcSet",
  crossorigin: "crossOrigin",
  fetchpriority: "fetchPriority",
  inputmode: "inputMode",
  enterkeyhint: "enterKeyHint",
  "stroke-width": "strokeWidth",
  "stroke-linecap": "strokeLinecap",
  "stroke-linejoin": "strokeLinejoin",
  "fill-rule": "fillRule",
  "clip-rule": "clipRule",
  "xlink:href": "href",
  colspan: "colSpan",
  rowspan: "rowSpan",
  datetime: "dateTime",
  novalidate: "noValidate",
  autofocus: "autoFocus",
  spellcheck: "spellCheck",
  popovertarget: "popoverTarget",
  "accept-charset": "acceptCharset",
  hreflang: "hrefLang",
};
const VOID_ELEMENTS = new Set(["area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
// Form state as React writes it for uncontrolled fields.
const FIELD_DEFAULTS = { checked: "defaultChecked", value: "defaultValue" };

const decode = (text) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&nbsp;/g, "\u00a0")
    .replace(/&amp;/g, "&");

function propsOf(tag, attributes) {
  const props = [];
  let internalHref = null;
  for (const [, name, quoted] of attributes.matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) {
    if (name === "style") continue; // inline styles are CSS custom properties here: not needed to measure
    const value = quoted === undefined ? "" : decode(quoted);
    if (tag === "a" && name === "href" && value.startsWith("/") && !value.startsWith("//")) internalHref = value;
    if (tag === "option" && name === "selected") continue;
    const field = ["input", "textarea", "select"].includes(tag) ? FIELD_DEFAULTS[name] : undefined;
    const prop = field ?? PROP_NAMES[name] ?? name;
    if (field === "defaultChecked" || (value === "" && ["hidden", "disabled", "required", "open", "multiple", "readonly", "autofocus", "novalidate", "inert"].includes(name)))
      props.push(prop);
    else props.push(`${prop}=${JSON.stringify(value)}`);
  }
  if (internalHref !== null) return { component: "Link", props: props.map((p) => (p.startsWith("href=") ? `to=${p.slice(5)}` : p)) };
  return { component: tag, props };
}

/** The JSX of a page's <body> (scripts and templates left out: the framework adds its own scripts). */
export function bodyToJsx(html) {
  const start = html.indexOf(">", html.indexOf("<body")) + 1;
  const body = html.slice(start, html.lastIndexOf("</body>"));
  const out = [];
  const open = [];
  let skipping = 0;
  const token = /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*(\/?)>|[^<]+/g;
  for (const [text, closing, tag, attributes = "", selfClosing] of body.matchAll(token)) {
    if (text.startsWith("<!--")) continue;
    if (closing) {
      if (closing === "script" || closing === "template") skipping -= 1;
      else if (!skipping && !VOID_ELEMENTS.has(closing)) out.push(`</${open.pop()}>`);
    } else if (tag) {
      if (tag === "script" || tag === "template") skipping += 1;
      if (skipping) continue;
      const { component, props } = propsOf(tag, attributes);
      const empty = VOID_ELEMENTS.has(tag) || selfClosing === "/";
      out.push(`<${component}${props.length ? ` ${props.join(" ")}` : ""}${empty ? " />" : ">"}`);
      if (!empty) open.push(component);
    } else if (!skipping && text.trim()) out.push(`{${JSON.stringify(decode(text))}}`);
  }
  return out.join("\n");
}

/** The entries of the page's hydration payload (React Router's turbo-stream), as its loader's data. */
export function hydrationEntries(html) {
  const match = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(html);
  return match ? JSON.parse(JSON.parse(match[1])) : [];
}

/** Writes one static route per page ({ key, html }); bench/ceiling/app/routes.ts serves it at /markup/<key>. */
export function writeMarkupRoutes(pages) {
  rmSync(markupDir, { recursive: true, force: true });
  mkdirSync(markupDir, { recursive: true });
  for (const { key, html } of pages) {
    writeFileSync(path.join(markupDir, `${key}.json`), JSON.stringify(hydrationEntries(html)));
    writeFileSync(
      path.join(markupDir, `${key}.tsx`),
      [
        'import { Link, useLoaderData } from "react-router";',
        `import entries from "./${key}.json";`,
        `export const meta = () => [{ title: ${JSON.stringify(key)} }];`,
        "export const loader = () => ({ entries, renderedAt: new Date().toISOString() });",
        "export default function Markup() {",
        "  const { renderedAt } = useLoaderData<typeof loader>();",
        `  return (<div data-rendered-at={renderedAt}>\n${bodyToJsx(html)}\n</div>);`,
        "}",
        "",
      ].join("\n"),
    );
  }
}
