/**
 * Image upload benchmark: the time one uploaded photo costs in the shared pipeline
 * (storeImageVariants: decode, auto-rotate, WebP + AVIF at 400/800/1200, write to a local
 * folder), next to WebP alone and AVIF at other effort settings, on a generated photo-like image.
 *
 *   npx tsx bench/image-upload.ts [--runs 3] [--width 2400]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import sharp, { type Sharp } from "sharp";
import { storeImageVariants } from "~/server/image-upload.server";
import { createLocalStorage } from "~/server/storage.server";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const runs = Number(arg("runs", "3"));
const width = Number(arg("width", "2400"));
const height = Math.round((width * 2) / 3);

// Smooth shapes and gradients with sensor-like noise: closer to a product photo than flat colour.
const scene = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8f4f2"/><stop offset="1" stop-color="#3aafa9"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.4}" cy="${height * 0.5}" r="${height * 0.3}" fill="#fafafa" stroke="#333" stroke-width="12"/>
    <rect x="${width * 0.6}" y="${height * 0.2}" width="${width * 0.2}" height="${height * 0.6}" rx="60" fill="#2b2d42"/>
    <text x="${width * 0.1}" y="${height * 0.9}" font-size="${height / 10}" fill="#1d3557">UVC Care</text>
  </svg>`,
);
const noise = await sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 18 } } })
  .png()
  .toBuffer();
const photo = await sharp(scene)
  .composite([{ input: noise, blend: "overlay" }])
  .jpeg({ quality: 88 })
  .toBuffer();

async function timed(label: string, run: () => Promise<number>) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    bytes = await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`${label.padEnd(44)} median ${median.toFixed(0).padStart(6)} ms   output ${(bytes / 1024).toFixed(0)} KB`);
}

const encodeAll = (encode: (image: Sharp) => Sharp) => async () => {
  let bytes = 0;
  for (const w of [400, 800, 1200]) bytes += (await encode(sharp(photo).rotate().resize({ width: w })).toBuffer()).length;
  return bytes;
};

await encodeAll((i) => i.webp())(); // warm-up: libvips start-up is not part of an upload
console.log(`input: ${width}×${height} JPEG, ${(photo.length / 1024).toFixed(0)} KB; ${runs} runs each`);
await timed("WebP q80 only (before AVIF)", encodeAll((i) => i.webp({ quality: 80 })));
for (const effort of [2, 4]) await timed(`AVIF q50 effort ${effort} only`, encodeAll((i) => i.avif({ quality: 50, effort })));
const folder = mkdtempSync(path.join(tmpdir(), "bench-uploads-"));
try {
  const storage = createLocalStorage(folder);
  await timed("storeImageVariants (WebP + AVIF, written)", async () => {
    const stored = await storeImageVariants(storage, "bench", photo, "images");
    let bytes = 0;
    for (const key of stored.keys) bytes += (await storage.get(key))?.body.byteLength ?? 0;
    return bytes;
  });
} finally {
  rmSync(folder, { recursive: true, force: true });
}
