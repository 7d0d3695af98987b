import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { e2eShopPorts } from "../../playwright.config";
import { startMailbox } from "./mailbox";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";

export const e2eAdmin = { email: "admin@e2e.vn", password: "Chong-khuan-2026!" };
/** An admin of its own for the two-factor spec, which turns TOTP on and off for it. */
export const e2eTotpAdmin = { email: "totp-admin@e2e.vn", password: "Hai-lop-2026!" };

/** The data folder of the e2e shop a test's project runs against (its generated AUTH_SECRET, …). */
export function e2eDataDir(baseURL: string | undefined): string {
  const dir = process.env[`E2E_DATA_DIR_${new URL(baseURL!).port}`];
  if (!dir) throw new Error(`no e2e shop runs at ${baseURL}`);
  return dir;
}

/**
 * A fresh shop for each e2e shop port (the projects run side by side, each against its own):
 * new data folder, the admins made with the CLI (which migrates the empty folder), then the
 * production build started on its port. Returns the teardown.
 */
export default async function globalSetup() {
  // Built once here (when stale), so the shops can start together without each rebuilding.
  if (!buildIfStale()) throw new Error("the production build failed");
  const started = await Promise.allSettled(e2eShopPorts.map((port) => startShop(port)));
  const shops = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(shops.map((stop) => stop()));
  };
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}

/** Runs a command to its end; resolves with its exit code and output. */
function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, output }));
  });
}

async function startShop(port: number): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
  // The specs read it (e.g. the shop's generated AUTH_SECRET, to sign a delivered e-mail's review link).
  process.env[`E2E_DATA_DIR_${port}`] = dataDir;
  // The shop's mail goes to a local SMTP server the specs read (mailbox.ts): one-time links are masked in the console.
  const smtp = await startMailbox(dataDir);
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    // The specs place far more orders from 127.0.0.1 than one shopper would: lift the per-address limit.
    ORDER_RATE_LIMIT: "10000/60",
    // Every spec signs in from 127.0.0.1 too (the limit itself is tested in server/security.test.ts).
    SIGN_IN_RATE_LIMIT: "1000/60",
    // Several specs sign up to the newsletter from 127.0.0.1 (the limit is tested in newsletter.server.test.ts).
    NEWSLETTER_RATE_LIMIT: "1000/60",

    // Checkout specs apply codes and look orders up from 127.0.0.1 too (limits tested in vitest).
    DISCOUNT_CODE_RATE_LIMIT: "10000/60",
    ORDER_LOOKUP_RATE_LIMIT: "10000/60",

    // Parallel specs make far more uncached requests from 127.0.0.1 than one shopper (CLIENT_RATE_LIMIT).
    CLIENT_RATE_LIMIT: "100000/1",
    CLIENT_CONCURRENCY: "100000",
    SMTP_URL: smtp.url,
    // The GHN specs point the account at a local stand-in of GHN's API (the shop accepts GHN's own hosts only).
    CARRIER_TEST_HOSTS: "127.0.0.1",
  };

  // One after the other: the first run migrates the empty folder.
  for (const admin of [e2eAdmin, e2eTotpAdmin]) {
    const cli = await run(
      "npx",
      ["tsx", "scripts/admin-create.ts", "--email", admin.email, "--password", admin.password],
      env,
    );
    if (cli.status !== 0) throw new Error(`admin:create failed:\n${cli.output}`);
  }

  const server = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "inherit", "inherit"] });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`http://localhost:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("server did not become healthy in 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
