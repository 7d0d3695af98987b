/**
 * Order e-mail templates (settings → e-mail templates): plain text with {{variable}}
 * placeholders. Safe for the browser: the settings screen's live preview uses it too.
 */

export type TemplateVariables = Record<string, string>;

export interface EmailTemplateText {
  subject: string;
  body: string;
}

export interface RenderedEmail {
  subject: string;
  /** The plain-text body: variables inserted as they are. */
  text: string;
  /** The HTML body: template text and variables HTML-escaped, paragraphs and line breaks kept. */
  html: string;
}

const variablePattern = /\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g;

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Replaces {{name}} with its value; unknown variables are left exactly as written. */
export function fillTemplate(template: string, vars: TemplateVariables, transform: (value: string) => string = (v) => v): string {
  return template.replace(variablePattern, (match, name: string) =>
    Object.hasOwn(vars, name) ? transform(vars[name]) : match,
  );
}

/**
 * Renders a template with its variables: the subject and text body get the values as they are
 * (subject lines are one line: newlines in values become spaces); the HTML body escapes the
 * template text and every value, so a customer name like `<img onerror=…>` stays text.
 */
export function renderTemplate(
  template: EmailTemplateText,
  vars: TemplateVariables,
  options: {
    linkVariables?: readonly string[];
    /** The message's language, for the HTML body's lang (Vietnamese unless told). */
    lang?: "vi" | "en";
    /** What follows the template's words (an order's details), already rendered for each part. */
    appendix?: { text: string; html: string };
  } = {},
): RenderedEmail {
  const subject = fillTemplate(template.subject, vars).replace(/[\r\n]+/g, " ").trim();
  const body = fillTemplate(template.body, vars);
  const text = options.appendix ? `${body}\n\n${options.appendix.text}` : body;
  // Variables named in linkVariables hold URLs: a link in the HTML body, the URL itself in the text.
  const links = new Set(options.linkVariables ?? []);
  const escapedVars = Object.fromEntries(
    Object.entries(vars).map(([k, v]) => [
      k,
      links.has(k) ? `<a href="${escapeHtml(v)}" style="color:#0f766e">${escapeHtml(v)}</a>` : escapeHtml(v),
    ]),
  );
  // Escape the template's own text, then insert the already-escaped values.
  const htmlBody = fillTemplate(escapeHtml(template.body), escapedVars);
  const paragraphs = htmlBody
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="margin:0 0 16px">${p.replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");
  const html = [
    "<!doctype html>",
    `<html lang="${options.lang ?? "vi"}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f0f7f7;font-family:Arial,Helvetica,sans-serif;color:#222f38;font-size:15px;line-height:1.6">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">',
    paragraphs,
    ...(options.appendix ? [options.appendix.html] : []),
    "</div></body></html>",
  ].join("\n");
  return { subject, text, html };
}

/** The order templates' variables that hold a URL: a link in the HTML body (e-mails and the settings preview). */
export const orderLinkVariables = ["order_lookup_url"] as const;

/** Values the settings preview shows for each variable. */
export const sampleTemplateVariables: TemplateVariables = {
  store_name: "UVC Care",
  order_number: "DH000123",
  customer_name: "Nguyễn Văn An",
  order_lookup_url: "https://uvccare.vn/order-lookup?number=DH000123",
};
