// `npm run bench [-- pages lighthouse orders admin]`: every benchmark on this machine, one table.
//
// pages       page throughput at 50 connections (autocannon) on /, /shop and a product page:
//             the shop with its page cache, the shop without it (PAGE_CACHE_MB=0) and nginx
//             serving the same bytes from disk (the ceiling), interleaved run by run; server RSS.
// lighthouse  Lighthouse mobile (simulated throttling) on /, /shop, a product page, /cart.
// orders      orders placed per second with 20 shoppers, PostgreSQL and PGlite (bench/orders.ts).
// admin       the large-shop admin timings (bench/admin-large-shop.mjs).
//
// Figures are medians over RUNS runs (default 3). Each part rewrites its own block in
// bench/README.md (between <!-- bench:part --> markers) with the machine it ran on.
// Environment: BENCH_PORT (default 4140; the shop uses it and the next two ports, nginx
// BENCH_NGINX_PORT, default 4148), RUNS, DURATION (seconds per autocannon run, default 10),
// TEST_DATABASE_URL / BENCH_DATABASE_URL (PostgreSQL), CHROME_PATH (default /usr/bin/chromium).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { Buffer } from "node:buffer";
import { clearInterval, clearTimeout, setInterval, setTimeout } from "node:timers";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
// Lighthouse last: the longest part (minutes per page on a busy machine).
const ALL_PARTS = ["pages", "orders", "admin", "lighthouse"];
const parts = process.argv.slice(2).filter((a) => !a.startsWith("-"));
for (const part of parts) if (!ALL_PARTS.includes(part)) fail(`unknown part "${part}": use ${ALL_PARTS.join(", ")}`);
const selected = parts.length > 0 ? parts : ALL_PARTS;
const RUNS = Number(process.env.RUNS ?? 3);
const DURATION = Number(process.env.DURATION ?? 10);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4140);
const NGINX_PORT = Number(process.env.BENCH_NGINX_PORT ?? 4148);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CONNECTIONS = 50;
const SHOPPERS = 20;

const cleanups = [];
process.on("SIGINT", () => void cleanup().then(() => process.exit(130)));

function fail(message) {
  console.error(message);
  process.exit(1);
}

async function cleanup() {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch(() => {});
}

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "–");

function machine() {
  const pgVersion = (() => {
    try {
      return execFileSync(
        "psql",
        [process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres", "-Atc", "show server_version"],
        {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "ignore"],
        },
      ).trim();
    } catch {
      return "unavailable";
    }
  })();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    cpus: `${os.availableParallelism()} × ${os.cpus()[0]?.model ?? "CPU"}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    postgres: pgVersion,
    load,
  };
}

/** Runs a command to its end without blocking the event loop (Ctrl-C still cleans up). */
function run(command, args, { env = {}, timeoutMs = 0, capture = true } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", capture ? "pipe" : "ignore", "pipe"],
    });
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill("SIGINT");
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (d) => {
      stdout += d;
      process.stdout.write(d);
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const timer = timeoutMs ? setTimeout(() => child.kill("SIGINT"), timeoutMs) : null;
    child.on("close", (status) => {
      if (timer) clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The shop server

/** Starts `node scripts/start.mjs` (which builds first when the build is stale) on a fresh DATA_DIR. */
async function startShop(port, env = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-shop-"));
  const logFile = path.join(dataDir, "server.log");
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    // The load comes from one address: lift the per-client share (CLIENT_RATE_LIMIT) to measure the shop itself.
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, CLIENT_RATE_LIMIT: "999999/1", CLIENT_CONCURRENCY: "100000", ...env },
    // The server's log goes to a file, as a deployment would collect it (its cost is part of the figure).
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = [];
  const out = createWriteStream(logFile);
  child.stdout.pipe(out);
  child.stderr.on("data", (d) => log.push(String(d)));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await Promise.race([new Promise((r) => child.once("exit", r)), sleep(15_000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.push(stop);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000; // a first start may build
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`the shop server exited (${child.exitCode}):\n${log.join("")}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  return { base, pid: child.pid, stop };
}

function rssMb(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function productPath(base) {
  const html = await (await fetch(`${base}/shop`)).text();
  const match = /href="(\/collections\/[^"/]+\/[^"/]+)"/.exec(html);
  if (!match) fail("no product link found on /shop");
  return match[1];
}

// ---------------------------------------------------------------------------------------------
// pages

function startNginx(pages) {
  const nginx = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find(existsSync);
  if (!nginx) {
    if (process.getuid?.() !== 0) fail("nginx is missing: apt-get install -y nginx (as root)");
    console.log("Installing nginx (Debian package)…");
    const result = spawnSync("apt-get", ["install", "-y", "nginx"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) fail("apt-get install -y nginx failed");
    return startNginx(pages);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  const docroot = path.join(dir, "root");
  for (const page of pages) {
    const folder = path.join(docroot, page.path);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, "index.html"), page.html);
    writeFileSync(path.join(folder, "index.html.gz"), page.gzip);
  }
  // The workers run as an unprivileged user: they must be able to read the files.
  for (const p of [dir, docroot]) chmodSync(p, 0o755);
  spawnSync("chmod", ["-R", "a+rX", docroot]);
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  default_type text/html;
  charset utf-8;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  gzip_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${NGINX_PORT};
    root ${docroot};
    location / { try_files $uri/index.html =404; }
  }
}
`,
  );
  const child = spawn(nginx, ["-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGQUIT");
      await Promise.race([new Promise((r) => child.once("exit", r)), sleep(5_000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    rmSync(dir, { recursive: true, force: true });
  };
  cleanups.push(stop);
  return { base: `http://127.0.0.1:${NGINX_PORT}`, stop };
}

/** The bytes a browser asking for gzip gets: identity and gzip bodies of a page. */
async function pageBytes(base, pagePath) {
  const response = await fetch(`${base}${pagePath}`);
  const html = Buffer.from(await response.arrayBuffer());
  return { path: pagePath, html, gzip: gzipSync(html, { level: 9 }) };
}

function cannon(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration: DURATION, headers: { "accept-encoding": "gzip" } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function benchPages() {
  const cached = await startShop(BASE_PORT + 1);
  const uncached = await startShop(BASE_PORT + 2, { PAGE_CACHE_MB: "0" });
  const product = await productPath(cached.base);
  const pagePaths = ["/", "/shop", product];
  const labels = { "/": "/", "/shop": "/shop", [product]: "product page" };
  for (const server of [cached, uncached])
    for (const p of pagePaths) for (let i = 0; i < 3; i++) await fetch(`${server.base}${p}`);
  const pages = [];
  for (const p of pagePaths) pages.push(await pageBytes(cached.base, p));
  const nginx = startNginx(pages);
  await sleep(500);
  for (const p of pagePaths) {
    const check = await fetch(`${nginx.base}${p}`);
    if (!check.ok) fail(`nginx answered ${check.status} for ${p}`);
  }
  // Back to the idle footprint before the load starts.
  const rssIdle = rssMb(cached.pid);
  const targets = [
    ["cache", cached],
    ["nocache", uncached],
    ["nginx", nginx],
  ];
  const samples = {};
  const rssDuring = [];
  for (let run = 1; run <= RUNS; run++) {
    for (const p of pagePaths) {
      for (const [name, target] of targets) {
        const timer = name === "cache" ? setInterval(() => rssDuring.push(rssMb(cached.pid)), 250) : null;
        const result = await cannon(`${target.base}${p}`);
        if (timer) clearInterval(timer);
        const key = `${name} ${p}`;
        (samples[key] ??= []).push({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts + result.non2xx,
        });
        console.log(
          `run ${run} ${name.padEnd(7)} ${labels[p].padEnd(12)} ${fmt(result.requests.average).padStart(6)} req/s  p99 ${fmt(result.latency.p99)} ms  errors ${result.errors + result.timeouts + result.non2xx}`,
        );
      }
    }
  }
  await sleep(5_000);
  const rssAfter = rssMb(cached.pid);
  // The entry may have passed its TTL meanwhile: the first request renders it again.
  await fetch(`${cached.base}/shop`);
  await sleep(1_000);
  const cacheHeader = (await fetch(`${cached.base}/shop`)).headers.get("x-page-cache");
  await nginx.stop();
  await uncached.stop();
  await cached.stop();

  const rows = [];
  const pageRows = [];
  for (const p of pagePaths) {
    const m = (name, field) => median(samples[`${name} ${p}`].map((s) => s[field]));
    const errors = ["cache", "nocache", "nginx"].reduce(
      (sum, n) => sum + samples[`${n} ${p}`].reduce((a, s) => a + s.errors, 0),
      0,
    );
    const ratio = m("cache", "rps") / m("nginx", "rps");
    const ratioOff = m("nocache", "rps") / m("nginx", "rps");
    pageRows.push({
      page: labels[p],
      bytes: pages.find((page) => page.path === p).html.length,
      gzip: pages.find((page) => page.path === p).gzip.length,
      cache: { rps: m("cache", "rps"), p50: m("cache", "p50"), p99: m("cache", "p99") },
      nocache: { rps: m("nocache", "rps"), p50: m("nocache", "p50"), p99: m("nocache", "p99") },
      nginx: { rps: m("nginx", "rps"), p50: m("nginx", "p50"), p99: m("nginx", "p99") },
      ratio,
      ratioOff,
      errors,
    });
    rows.push([
      `${labels[p]}: req/s with page cache (nginx ${fmt(m("nginx", "rps"))})`,
      `${fmt(m("cache", "rps"))} (${fmt(ratio, 2)} of nginx)`,
      "≥ 0.5 of nginx",
      ratio >= 0.5,
    ]);
    rows.push([
      `${labels[p]}: p99 with page cache (nginx ${fmt(m("nginx", "p99"))} ms)`,
      `${fmt(m("cache", "p99"))} ms`,
      "< 50 ms",
      m("cache", "p99") < 50,
    ]);
    rows.push([
      `${labels[p]}: req/s without page cache`,
      `${fmt(m("nocache", "rps"))} (${fmt(ratioOff, 2)} of nginx), p99 ${fmt(m("nocache", "p99"))} ms`,
      "(before)",
      null,
    ]);
  }
  const rssPeak = Math.max(...rssDuring.filter(Number.isFinite));
  rows.push([
    "server RSS: idle / peak under load / 5 s after",
    `${fmt(rssIdle)} / ${fmt(rssPeak)} / ${fmt(rssAfter)} MB`,
    "",
    null,
  ]);
  if (cacheHeader !== "hit") rows.push(["page cache answered /shop after the load", String(cacheHeader), "hit", false]);
  return { rows, detail: { pageRows, rssIdle, rssPeak, rssAfter } };
}

// ---------------------------------------------------------------------------------------------
// lighthouse

async function benchLighthouse() {
  if (!existsSync(CHROME_PATH)) fail(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH)`);
  const shop = await startShop(BASE_PORT + 3);
  const product = await productPath(shop.base);
  const pages = [
    ["/", "/"],
    ["/shop", "/shop"],
    ["product page", product],
    ["/cart", "/cart"],
  ];
  for (const [, p] of pages) await fetch(`${shop.base}${p}`);
  const outDir = mkdtempSync(path.join(os.tmpdir(), "bench-lh-"));
  cleanups.push(async () => rmSync(outDir, { recursive: true, force: true }));
  const gzipSizes = new Map();
  const gzipSize = async (url) => {
    if (!gzipSizes.has(url)) {
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      gzipSizes.set(url, gzipSync(body, { level: 6 }).length);
    }
    return gzipSizes.get(url);
  };
  const results = [];
  for (const [label, p] of pages) {
    const runs = [];
    for (let attempt = 1; attempt <= RUNS; attempt++) {
      const output = path.join(outDir, `lh-${attempt}.json`);
      const result = await run(
        process.execPath,
        [
          "node_modules/lighthouse/cli/index.js",
          `${shop.base}${p}`,
          "--quiet",
          "--only-categories=performance,accessibility,best-practices,seo",
          "--output=json",
          `--output-path=${output}`,
          "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync",
        ],
        { env: { CHROME_PATH }, timeoutMs: 300_000, capture: false },
      );
      if (result.status !== 0 || !existsSync(output)) {
        console.error(`lighthouse failed on ${p}: ${result.stderr?.slice(-2000)}`);
        continue;
      }
      const lhr = JSON.parse(readFileSync(output, "utf8"));
      const requests = lhr.audits["network-requests"]?.details?.items ?? [];
      const sum = async (type) => {
        let transferred = 0;
        let gzip = 0;
        for (const r of requests.filter((r) => r.resourceType === type)) {
          transferred += r.transferSize ?? 0;
          gzip += await gzipSize(r.url);
        }
        return { transferred, gzip };
      };
      const js = await sum("Script");
      const css = await sum("Stylesheet");
      const score = (c) => Math.round((lhr.categories[c]?.score ?? NaN) * 100);
      runs.push({
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcp: lhr.audits["largest-contentful-paint"]?.numericValue,
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue,
        tbt: lhr.audits["total-blocking-time"]?.numericValue,
        jsTransferred: js.transferred,
        jsGzip: js.gzip,
        cssTransferred: css.transferred,
        cssGzip: css.gzip,
      });
      console.log(
        `lighthouse ${label} run ${attempt}: performance ${score("performance")}, JS ${fmt(js.gzip / 1024)} KB gzip`,
      );
    }
    const m = (field) => median(runs.map((r) => r[field]));
    results.push({
      label,
      runs: runs.length,
      performance: m("performance"),
      accessibility: m("accessibility"),
      bestPractices: m("bestPractices"),
      seo: m("seo"),
      lcp: m("lcp"),
      cls: m("cls"),
      tbt: m("tbt"),
      jsTransferred: m("jsTransferred"),
      jsGzip: m("jsGzip"),
      cssTransferred: m("cssTransferred"),
      cssGzip: m("cssGzip"),
    });
  }
  await shop.stop();
  const rows = [];
  for (const r of results) {
    rows.push([
      `Lighthouse ${r.label}: perf / a11y / best practices / SEO`,
      `${fmt(r.performance)} / ${fmt(r.accessibility)} / ${fmt(r.bestPractices)} / ${fmt(r.seo)}`,
      "≥ 95 each",
      [r.performance, r.accessibility, r.bestPractices, r.seo].every((s) => s >= 95),
    ]);
    rows.push([
      `${r.label}: JS / CSS (gzip)`,
      `${fmt(r.jsGzip / 1024)} KB / ${fmt(r.cssGzip / 1024)} KB`,
      "JS ≤ 100 KB",
      r.jsGzip <= 100 * 1024,
    ]);
  }
  return { rows, detail: { results } };
}

// ---------------------------------------------------------------------------------------------
// orders

async function runTsx(script, args, env = {}) {
  const result = await run(process.execPath, ["node_modules/tsx/dist/cli.mjs", script, ...args], { env });
  if (result.status !== 0) fail(`${script} failed (${result.status}):\n${result.stderr.slice(-3000)}`);
  return result.stdout;
}

function jsonLine(output) {
  const line = output.split("\n").findLast((l) => l.startsWith("JSON "));
  return line ? JSON.parse(line.slice(5)) : null;
}

async function benchOrders() {
  const rows = [];
  const detail = {};
  for (const db of ["postgres", "pglite"]) {
    const shoppers = Array.from({ length: RUNS }, () => SHOPPERS).join(",");
    const runs = jsonLine(await runTsx("bench/orders.ts", ["--db", db, "--shoppers", shoppers, "--orders", "400"]));
    if (!runs) fail("bench/orders.ts printed no JSON line");
    const m = (f) => median(runs.map((r) => r[f]));
    const failed = runs.reduce((a, r) => a + r.failed, 0);
    detail[db] = { ordersPerSecond: m("ordersPerSecond"), p50: m("p50"), p99: m("p99"), failed };
    rows.push([
      `orders/s, ${SHOPPERS} shoppers, ${db === "postgres" ? "PostgreSQL" : "PGlite"} (p50 / p99)`,
      `${fmt(m("ordersPerSecond"))} (${fmt(m("p50"))} / ${fmt(m("p99"))} ms)${failed ? `, ${failed} failed` : ""}`,
      "",
      failed === 0 ? null : false,
    ]);
  }
  return { rows, detail };
}

// ---------------------------------------------------------------------------------------------
// admin

/** Rows of console.table output: `│ 0 │ 'case' │ '12.3' │ …`. */
function parseConsoleTable(output) {
  const lines = output.split("\n").filter((l) => l.startsWith("│"));
  if (lines.length < 2) return [];
  const cells = (l) =>
    l
      .split("│")
      .slice(1, -1)
      .map((c) => c.trim().replace(/^(['"])(.*)\1$/, "$2"));
  const header = cells(lines[0]);
  return lines.slice(1).map((l) => Object.fromEntries(cells(l).map((c, i) => [header[i], c])));
}

async function benchAdmin() {
  const output = await runTsx("bench/admin-large-shop.mjs", [], { RUNS: process.env.ADMIN_RUNS ?? "30" });
  const json = jsonLine(output);
  const cases = json
    ? Array.isArray(json)
      ? json
      : (json.cases ?? Object.entries(json).map(([name, v]) => ({ case: name, ...v })))
    : parseConsoleTable(output);
  if (cases.length === 0) fail("bench/admin-large-shop.mjs printed neither a JSON line nor a table");
  const rows = cases.map((c) => {
    const p50 = Number(c.p50);
    const p99 = Number(c.p99);
    return [`admin: ${c.case ?? c.name}`, `p50 ${fmt(p50, 1)} / p99 ${fmt(p99, 1)} ms`, "p99 ≤ 150 ms", p99 <= 150];
  });
  return { rows, detail: { cases } };
}

// ---------------------------------------------------------------------------------------------

function table(rows) {
  const out = ["| figure | value | target | met? |", "|---|---|---|---|"];
  for (const [figure, value, target, met] of rows)
    out.push(`| ${figure} | ${value} | ${target} | ${met === null ? "" : met ? "yes" : "**no**"} |`);
  return out.join("\n");
}

function writeReadme(part, m, rows) {
  const file = path.join(root, "bench/README.md");
  let text = readFileSync(file, "utf8");
  const start = `<!-- bench:${part} -->`;
  const end = `<!-- /bench:${part} -->`;
  const block = `${start}\n_${m.date}: ${m.cpus}, ${m.memory}, Node ${m.node}, PostgreSQL ${m.postgres}, load average ${m.load} (1 / 5 / 15 min) at the end of the part._\n\n${table(rows)}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  if (i >= 0 && j > i) text = text.slice(0, i) + block + text.slice(j + end.length);
  else text = text.replace("<!-- bench:parts -->", `${block}\n\n<!-- bench:parts -->`);
  writeFileSync(file, text);
}

const runners = { pages: benchPages, lighthouse: benchLighthouse, orders: benchOrders, admin: benchAdmin };
const allRows = [];
const details = {};
try {
  console.log(`machine: ${JSON.stringify(machine())}`);
  for (const part of selected) {
    console.log(`\n== ${part}`);
    const { rows, detail } = await runners[part]();
    details[part] = detail;
    allRows.push(...rows);
    writeReadme(part, machine(), rows);
  }
} finally {
  await cleanup();
}
const m = machine();
console.log(`\n${m.date} · ${m.cpus} · ${m.memory} · Node ${m.node} · PostgreSQL ${m.postgres} · load ${m.load}\n`);
console.log(table(allRows));
console.log(`\nJSON ${JSON.stringify(details)}`);
