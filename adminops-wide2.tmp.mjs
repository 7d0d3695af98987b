import { chromium, devices } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const context = await browser.newContext({ ...devices["Pixel 7"], baseURL: "http://localhost:4120" });
const page = await context.newPage();
await page.goto("/admin/login");
await page.getByLabel(/email/i).fill("admin@e2e.vn");
await page.getByLabel(/mật khẩu/i).fill("Chong-khuan-2026!");
await page.getByRole("button", { name: /đăng nhập/i }).click();
await page.waitForURL(/\/admin\/?$/);
for (const path of process.argv.slice(2)) {
  await page.goto(path);
  await page.waitForTimeout(1500);
  const info = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.right > w + 0.5) {
        const cs = getComputedStyle(el);
        const chain = [];
        for (let p = el.parentElement; p && chain.length < 4; p = p.parentElement) chain.push(p.tagName + "." + String(p.className).slice(0, 40) + "[" + getComputedStyle(p).overflowX + "," + Math.round(p.getBoundingClientRect().width) + "]");
        out.push({ tag: el.tagName, cls: String(el.className).slice(0, 80), right: Math.round(r.right), w: Math.round(r.width), pos: cs.position, chain: chain.join(" < ") });
      }
    }
    return { innerWidth: window.innerWidth, w, sw: document.documentElement.scrollWidth, bodySW: document.body.scrollWidth, out: out.slice(0, 8) };
  });
  console.log(path, JSON.stringify(info, null, 1));
}
await browser.close();
