// `npm run admin:create -- --email owner@shop.vn --password 'a long passphrase'`
// Creates an admin (or gives the admin role to an existing user, leaving its password as it
// is). Opens the database exactly like the server: PostgreSQL when DATABASE_URL is set,
// otherwise the embedded folder in DATA_DIR, migrated first, so it works on a fresh folder.
import path from "node:path";
import { parseArgs } from "node:util";
import { adminCredentialsSchema, PASSWORD_RULE } from "~/features/auth/auth.schema";
import { createAdminUser } from "~/features/auth/owner-accounts.server";
import { createAuth } from "~/server/auth.server";
import { DatabaseLockedError, openDatabase, type Database } from "~/server/db.server";
import { ConfigError, parseEnv } from "~/server/env.server";
import { AppError } from "~/server/errors.server";

const USAGE = `Usage: npm run admin:create -- --email owner@shop.vn --password 'a long passphrase'

  --email      the admin's sign-in email
  --password   ${PASSWORD_RULE}
               (only used for a new user: an existing user keeps its password)

Reads DATA_DIR / DATABASE_URL like the server. Stop a server using the embedded database first.`;

async function main(): Promise<number> {
  let values: { email?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, password: { type: "string" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`Error: ${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.email === undefined || values.password === undefined) {
    console.error(`Error: both --email and --password are required.\n\n${USAGE}`);
    return 1;
  }

  // Check the input before touching anything (createAdminUser checks again).
  const checked = adminCredentialsSchema.safeParse({ email: values.email, password: values.password });
  if (!checked.success) {
    for (const issue of checked.error.issues) console.error(`Error: --${issue.path.join(".")} ${issue.message}`);
    return 1;
  }

  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      pgliteDir: path.join(env.DATA_DIR, "pglite"),
      lock: true,
    });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  }

  try {
    await database.migrate();
    const auth = createAuth(database.db, env);
    const result = await createAdminUser(database.db, auth, checked.data);
    const where = database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : path.join(env.DATA_DIR, "pglite");
    if (result.status === "created") {
      console.log(`Created admin ${result.email} in ${where}. Sign in at ${env.PUBLIC_URL}/admin/login`);
    } else if (result.status === "promoted") {
      console.log(
        `${result.email} already existed: gave it the admin role in ${where}. Its password was NOT changed ` +
          `(the --password given was ignored).`,
      );
    } else {
      console.log(`${result.email} is already an admin in ${where}. Nothing changed (its password was not changed).`);
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("admin:create failed:", error);
    process.exit(1);
  },
);
