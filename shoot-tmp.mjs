import { chromium } from "@playwright/test";
const base = "http://localhost:4120";
const [p, width, seg] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4] ?? 1400)];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync"] });
const ctx = await browser.newContext({ viewport: { width, height: 900 } });
const page = await ctx.newPage();
await page.goto(base + p, { waitUntil: "networkidle" });
const h = await page.evaluate(() => document.documentElement.scrollHeight);
const name = p.replace(/\W+/g, "_");
for (let y = 0, i = 0; y < h; y += seg, i++) {
  await page.screenshot({ path: `/tmp/content-shots/seg${name}-${width}-${i}.png`, fullPage: true, clip: { x: 0, y, width, height: Math.min(seg, h - y) } });
}
console.log(h);
await browser.close();
