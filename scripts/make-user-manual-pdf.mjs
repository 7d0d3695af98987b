#!/usr/bin/env node
/**
 * Writes the sterilizer's user manual, public/downloads/uvc-sterilizer-user-manual.pdf, as a
 * small valid PDF 1.4 built by hand: A4 pages, the standard Helvetica fonts (no embedding, no
 * dependency), text wrapped with Helvetica's real glyph widths. The facts are SPEC §1's.
 *
 *   node scripts/make-user-manual-pdf.mjs [output.pdf]
 *
 * The PDF is committed; run this again after changing the text below.
 */
import { Buffer } from "node:buffer";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const output = process.argv[2] ?? path.join(root, "public/downloads/uvc-sterilizer-user-manual.pdf");

// ---------------------------------------------------------------------------------------------
// The manual. Blocks: h1 title, h2 heading, p paragraph, li bullet, kv label/value row.

const manual = [
  ["h1", "UVC Care Portable UVC Toothbrush Sterilizer"],
  ["sub", "User manual – models in White, Black, Blue and Pink"],
  [
    "p",
    "Thank you for choosing UVC Care. Your sterilizer uses UVC-C light at 270–280nm to eliminate 99.9% of bacteria on the head of your toothbrush in a 3-minute cycle, with no chemicals and no heat. Please read this manual before first use and keep it for later.",
  ],
  ["h2", "1. In the box"],
  ["li", "1 portable UVC toothbrush sterilizer (White, Black, Blue or Pink)"],
  ["li", "1 USB-C charging cable"],
  ["li", "This user manual"],
  ["h2", "2. Specifications"],
  ["kv", "Bacteria eliminated", "99.9%"],
  ["kv", "Sterilization cycle", "3 minutes, switches off automatically"],
  ["kv", "UVC wavelength", "270–280nm (UVC-C LEDs)"],
  ["kv", "Weight", "35g"],
  ["kv", "Cycles per charge", "30 or more"],
  ["kv", "Charging time", "About 2 hours, USB-C (5V)"],
  ["kv", "Battery life", "2 years of daily use"],
  ["kv", "Compatible brush heads", "10–15mm in diameter, manual or electric"],
  ["kv", "Warranty", "12 months; 30-day money-back guarantee"],
  ["h2", "3. Charging"],
  ["li", "Charge fully before first use: about 2 hours."],
  ["li", "Connect the USB-C cable to the port on the sterilizer and to a USB charger, computer or power bank."],
  ["li", "The indicator light shows while the battery charges and changes when it is full. Unplug the cable when charging is complete."],
  ["li", "A full charge gives 30 or more cycles: about a month of daily use for one toothbrush."],
  ["li", "Recharge when the sterilizer no longer starts a cycle. Do not charge it in a wet place or in direct sunlight."],
  ["h2", "4. Daily use"],
  ["li", "Step 1 – Brush as usual. Rinse the toothbrush and shake off excess water."],
  ["li", "Step 2 – Clip it on. Slide the sterilizer over the brush head until the bristles are fully inside. It fits heads 10–15mm across, manual or electric."],
  ["li", "Step 3 – Press and relax. Press the button once to start a 3-minute UVC cycle. The light switches itself off when the cycle ends."],
  ["li", "To stop a cycle early, press the button again."],
  ["li", "You can leave the sterilizer on the brush between uses; run one cycle after each brushing for best results."],
  ["h2", "5. Care and cleaning"],
  ["li", "Wipe the inside and outside with a soft, dry or slightly damp cloth once a week. Do not use alcohol, solvents or abrasive cleaners."],
  ["li", "Do not rinse the sterilizer under the tap or immerse it in water."],
  ["li", "Let the brush head drip dry for a moment before clipping the sterilizer on."],
  ["li", "Replace your toothbrush (or brush head) every three months, as dentists recommend."],
  ["h2", "6. Safety warnings"],
  ["li", "UVC light can harm eyes and skin. Never look into the light and never run a cycle without a brush head inside."],
  ["li", "Keep the sterilizer on the brush head while a cycle runs. If you take it off during a cycle, press the button to stop the light."],
  ["li", "Keep out of reach of small children; children should use it under adult supervision."],
  ["li", "Do not open, modify or repair the device. It contains a rechargeable lithium battery: do not expose it to fire or temperatures above 45 °C."],
  ["li", "Dispose of the device and its battery at an electronics collection point, not with household waste."],
  ["li", "The sterilizer complements, and does not replace, brushing, flossing and regular dental check-ups."],
  ["h2", "7. Troubleshooting"],
  ["kv", "No light when pressed", "Charge the battery for about 2 hours and try again."],
  ["kv", "Cycle stops early", "The battery is low: recharge it."],
  ["kv", "Brush head does not fit", "Heads wider than 15mm do not fit; use a standard head."],
  ["kv", "Will not charge", "Try another USB-C cable or charger; contact us if it still fails."],
  ["h2", "8. Warranty and money-back guarantee"],
  [
    "p",
    "Your sterilizer is covered by a 12-month warranty from the delivery date against manufacturing defects: we repair or replace it free of charge, delivery included. Damage from water, drops or opening the device is not covered. Not happy? Return it within 30 days of delivery for a full refund.",
  ],
  [
    "p",
    "To make a claim, contact us with your order number: email hello@uvccare.vn or call 1900 6868 (Mon–Sat, 8:00–20:00, GMT+7). Order online at uvccare.vn: delivery across Vietnam, cash on delivery.",
  ],
];

// ---------------------------------------------------------------------------------------------
// Layout

const PAGE_W = 595.28; // A4 in points
const PAGE_H = 841.89;
const MARGIN_X = 56;
const TOP = PAGE_H - 64;
const BOTTOM = 64;
const TEXT_W = PAGE_W - 2 * MARGIN_X;

// Helvetica advance widths (1/1000 em), ASCII 32..126, from the standard AFM.
// prettier-ignore
const HELVETICA = [278,278,355,556,556,889,667,191,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,278,278,584,584,584,556,1015,667,667,722,722,667,611,778,722,278,500,667,556,833,722,778,667,778,722,667,611,722,667,944,667,667,611,278,278,278,469,556,333,556,556,500,556,556,278,556,556,222,222,500,222,833,556,556,556,556,333,500,278,556,500,722,500,500,500,334,260,334,584];
// prettier-ignore
const HELVETICA_BOLD = [278,333,474,556,556,889,722,238,333,333,389,584,278,333,278,278,556,556,556,556,556,556,556,556,556,556,333,333,584,584,584,611,975,722,722,722,722,667,611,778,722,278,556,722,611,833,722,778,667,778,722,667,611,722,667,944,667,667,611,333,278,333,584,556,333,556,611,556,611,556,333,611,611,278,278,556,278,889,611,611,611,611,389,556,333,611,556,778,556,556,500,389,280,389,584];
const EXTRA = { "–": 556, "•": 350, "°": 400 };
// WinAnsiEncoding bytes of the few non-ASCII characters used.
const WIN_ANSI = { "–": 0x96, "•": 0x95, "°": 0xb0 };

function charWidth(ch, bold) {
  const code = ch.charCodeAt(0);
  if (code >= 32 && code <= 126) return (bold ? HELVETICA_BOLD : HELVETICA)[code - 32];
  if (ch in EXTRA) return EXTRA[ch];
  throw new Error(`No glyph for ${JSON.stringify(ch)} in the manual text`);
}

function textWidth(text, size, bold) {
  let w = 0;
  for (const ch of text) w += charWidth(ch, bold);
  return (w * size) / 1000;
}

function wrap(text, size, bold, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (textWidth(next, size, bold) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A PDF string literal in WinAnsiEncoding bytes (latin1 in the file). */
function pdfString(text) {
  let out = "(";
  for (const ch of text) {
    if (ch === "(" || ch === ")" || ch === "\\") out += `\\${ch}`;
    else if (ch in WIN_ANSI) out += String.fromCharCode(WIN_ANSI[ch]);
    else out += ch;
  }
  return `${out})`;
}

const pages = [];
let ops = [];
let y = TOP;

function newPage() {
  if (ops.length) pages.push(ops);
  ops = [];
  y = TOP;
}

function ensure(height) {
  if (y - height < BOTTOM) newPage();
}

function text(x, yPos, str, size, bold, color = "0.133 0.184 0.220") {
  ops.push(`BT ${color} rg /${bold ? "F2" : "F1"} ${size} Tf ${x.toFixed(2)} ${yPos.toFixed(2)} Td ${pdfString(str)} Tj ET`);
}

for (const [kind, a, b] of manual) {
  if (kind === "h1") {
    const lines = wrap(a, 22, true, TEXT_W);
    ensure(lines.length * 28);
    // A teal band above the title.
    ops.push(`0.122 0.478 0.463 rg ${MARGIN_X} ${y + 14} ${TEXT_W} 4 re f`);
    for (const line of lines) {
      y -= 24;
      text(MARGIN_X, y, line, 22, true);
    }
    y -= 6;
  } else if (kind === "sub") {
    y -= 18;
    text(MARGIN_X, y, a, 12, false, "0.122 0.478 0.463");
    y -= 10;
  } else if (kind === "h2") {
    ensure(48);
    y -= 26;
    text(MARGIN_X, y, a, 14, true, "0.122 0.478 0.463");
    y -= 6;
  } else if (kind === "p") {
    const lines = wrap(a, 10.5, false, TEXT_W);
    for (const line of lines) {
      ensure(15);
      y -= 15;
      text(MARGIN_X, y, line, 10.5, false);
    }
    y -= 6;
  } else if (kind === "li") {
    const lines = wrap(a, 10.5, false, TEXT_W - 14);
    ensure(15 * Math.min(lines.length, 2));
    lines.forEach((line, i) => {
      ensure(15);
      y -= 15;
      if (i === 0) text(MARGIN_X + 2, y, "•", 10.5, false, "0.122 0.478 0.463");
      text(MARGIN_X + 14, y, line, 10.5, false);
    });
    y -= 2;
  } else if (kind === "kv") {
    const labelW = 150;
    const lines = wrap(b, 10.5, false, TEXT_W - labelW);
    ensure(15 * lines.length + 4);
    y -= 15;
    text(MARGIN_X, y, a, 10.5, true);
    lines.forEach((line, i) => {
      if (i > 0) y -= 15;
      text(MARGIN_X + labelW, y, line, 10.5, false);
    });
    ops.push(`0.85 0.87 0.88 RG 0.5 w ${MARGIN_X} ${(y - 5).toFixed(2)} m ${MARGIN_X + TEXT_W} ${(y - 5).toFixed(2)} l S`);
    y -= 2;
  }
}
newPage();

// Footer with page numbers.
pages.forEach((pageOps, i) => {
  const label = `UVC Care – User manual – page ${i + 1} of ${pages.length}`;
  pageOps.push(
    `BT 0.388 0.4 0.416 rg /F1 8.5 Tf ${(PAGE_W - MARGIN_X - textWidth(label, 8.5, false)).toFixed(2)} 36 Td ${pdfString(label)} Tj ET`,
  );
});

// ---------------------------------------------------------------------------------------------
// PDF objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, 5 info, then page + content pairs.

const objects = [];
const pageIds = pages.map((_, i) => 6 + i * 2);
objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
// Info strings are PDFDocEncoding, not WinAnsi: plain ASCII only.
objects[5] = `<< /Title ${pdfString("UVC Care Portable UVC Toothbrush Sterilizer - User manual")} /Author (UVC Care) /Producer (scripts/make-user-manual-pdf.mjs) >>`;
pages.forEach((pageOps, i) => {
  const content = pageOps.join("\n");
  objects[pageIds[i]] =
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`;
  objects[pageIds[i] + 1] = `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`;
});

let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
const offsets = [];
for (let id = 1; id < objects.length; id++) {
  offsets[id] = Buffer.byteLength(body, "latin1");
  body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
}
const xrefAt = Buffer.byteLength(body, "latin1");
body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;

mkdirSync(path.dirname(output), { recursive: true });
writeFileSync(output, Buffer.from(body, "latin1"));
console.log(`${path.relative(process.cwd(), output)}: ${pages.length} pages, ${Buffer.byteLength(body, "latin1")} bytes`);
