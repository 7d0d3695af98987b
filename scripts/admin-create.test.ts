import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { user, userRoles } from "~/db/schema";
import { openDatabase } from "~/server/db.server";
import { createTestDatabase, type TestDatabase } from "~/test/database";

// The admin CLI, run as a separate process the way an operator runs it. On the "postgres"
// project it targets a fresh PostgreSQL database through DATABASE_URL; on "pglite" a fresh
// data folder.
const onPostgres = process.env.TEST_DB === "postgres";
const tsxCli = path.resolve("node_modules/tsx/dist/cli.mjs");
const folders: string[] = [];
const databases: TestDatabase[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "admin-cli-"));
  folders.push(dir);
  return dir;
}

function runCli(args: string[], extraEnv: Record<string, string | undefined>) {
  const env: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: "silent", ...extraEnv };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [tsxCli, "scripts/admin-create.ts", ...args], { env, cwd: process.cwd() });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

afterAll(async () => {
  for (const database of databases) await database.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

// Three CLI runs, each compiling the script with tsx: about 20 s idle, past 90 s on a loaded 2-core machine.
describe("npm run admin:create", () => {
  it("creates an admin on a fresh database, then only promotes", { timeout: 180_000 }, async () => {
    const dataDir = tempDir();
    let target: Record<string, string | undefined> = { DATA_DIR: dataDir, DATABASE_URL: undefined };
    if (onPostgres) {
      const database = await createTestDatabase();
      databases.push(database);
      target = { DATA_DIR: dataDir, DATABASE_URL: database.url };
    }
    const first = await runCli(["--email", "Owner@Shop.vn", "--password", "Chong-khuan-2026"], target);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Created admin owner@shop\.vn/);

    const again = await runCli(["--email", "owner@shop.vn", "--password", "Other-password-9"], target);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already an admin/);
    expect(again.stdout).toMatch(/password was not changed/);

    const database = onPostgres
      ? databases[0]
      : await openDatabase({ pgliteDir: path.join(dataDir, "pglite"), lock: true });
    try {
      const rows = await database.db
        .select({ email: user.email, role: userRoles.role })
        .from(user)
        .innerJoin(userRoles, eq(userRoles.userId, user.id));
      expect(rows).toEqual([{ email: "owner@shop.vn", role: "owner" }]);
    } finally {
      if (!onPostgres) await database.close();
    }
  });

  it("refuses a bad email or a weak password with exit code 1, touching nothing", { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    const badEmail = await runCli(["--email", "owner-at-shop", "--password", "Chong-khuan-2026"], {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
    });
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toMatch(/--email must be a valid email address/);

    const weak = await runCli(["--email", "owner@shop.vn", "--password", "aaaaaaaaaaaa"], {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
    });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/--password is too weak: the rule is at least 10 characters/);

    const missing = await runCli(["--email", "owner@shop.vn"], { DATA_DIR: dataDir, DATABASE_URL: undefined });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/Usage: npm run admin:create/);

    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
  });

  // The lock belongs to the embedded database: DATABASE_URL is unset here on both projects.
  it("says so and exits 1 when a running server holds the data folder", { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    // A live process standing in for the running server, holding the folder's lock.
    const holder: ChildProcess = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    try {
      writeFileSync(path.join(dataDir, "pglite.lock"), String(holder.pid));
      const result = await runCli(["--email", "owner@shop.vn", "--password", "Chong-khuan-2026"], {
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`in use by another process \\(pid ${holder.pid}\\)`));
      expect(result.stderr).toMatch(/Stop that server first/);
    } finally {
      holder.kill();
    }
  });
});
