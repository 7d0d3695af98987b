import { chromium } from "playwright-core";
const url = process.argv[2]; const inject = process.argv[3] || "";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--headless=new"] });
const out = [];
for (let i = 0; i < 6; i++) {
  const ctx = await b.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const p = await ctx.newPage();
  await p.route(url, async (r) => { const res = await r.fetch(); let body = await res.text(); body = body.replace("</head>", `<style>${inject}</style></head>`); await r.fulfill({ response: res, body }); });
  await p.goto(url, { waitUntil: "load" }); await p.waitForTimeout(1200);
  out.push(await p.evaluate(() => Math.round(performance.getEntriesByType("paint")[0]?.startTime)));
  await ctx.close();
}
console.log(JSON.stringify(inject).slice(0, 60), out.sort((a, b) => a - b).join(" "));
await b.close();
