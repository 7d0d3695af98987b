import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { twoFactor as twoFactorTable } from "~/db/schema";
import type { Db } from "./db.server";
import { hotp, totpStepAt } from "./hotp.server";

/*
 * A TOTP code works once (issue 13 item 9). better-auth's twoFactor plugin accepts any code of
 * the current 30-second step or its neighbours, as often as it is sent. This plugin runs before
 * its /two-factor/verify-totp endpoint (sign-in and set-up confirmation alike, whether called by
 * the console's forms or straight over HTTP): it finds which time step the code belongs to and
 * claims that step for the user with one conditional UPDATE (last_totp_step < step), so two
 * requests with the same code, on any instance, cannot both pass. A code of a step at or before
 * the last claimed one is refused. A code that matches no step is left to better-auth, which
 * refuses it and counts the failure.
 */

/** better-auth accepts the current step and one on each side (clock drift). */
const TOTP_WINDOW = 1;
const VERIFY_TOTP_PATH = "/two-factor/verify-totp";
const TWO_FACTOR_COOKIE = "two_factor";

export const TOTP_CODE_ALREADY_USED = "TOTP_CODE_ALREADY_USED";

/**
 * The latest time step within better-auth's window whose code is `code`, or null. The key is
 * the secret as better-auth keeps it (its UTF-8 bytes are the HMAC key).
 */
export function matchingTotpStep(key: Uint8Array, code: string, now = Date.now()): number | null {
  const current = totpStepAt(now);
  for (let step = current + TOTP_WINDOW; step >= current - TOTP_WINDOW; step--) {
    if (hotp(key, step) === code) return step;
  }
  return null;
}

/**
 * Claims a time step for a user: true when it is later than every step accepted before (and is
 * now the last one), false when a code of this step or a later one was already accepted.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoFactorTable)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(twoFactorTable.userId, userId),
        or(isNull(twoFactorTable.lastTotpStep), lt(twoFactorTable.lastTotpStep, step)),
      ),
    )
    .returning({ id: twoFactorTable.id });
  return claimed.length > 0;
}

/** The plugin for createAuth: refuses a TOTP code whose time step was already used. */
export function totpReplayGuard(db: Db) {
  return {
    id: "totp-replay-guard",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === VERIFY_TOTP_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const code = typeof ctx.body?.code === "string" ? ctx.body.code : "";
            if (!/^\d+$/.test(code)) return; // better-auth refuses it
            // The user: the signed-in one (set-up confirmation) or the one whose sign-in waits
            // for its second factor (the signed two_factor cookie names a verification row).
            let userId: string | null = null;
            const session = await getSessionFromCtx(ctx);
            if (session) {
              userId = session.user.id;
            } else {
              const cookieName = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE).name;
              const identifier = await ctx.getSignedCookie(cookieName, ctx.context.secret);
              if (identifier) userId = (await ctx.context.internalAdapter.findVerificationValue(identifier))?.value ?? null;
            }
            if (!userId) return; // better-auth answers the missing challenge
            const [row] = await db
              .select({ secret: twoFactorTable.secret })
              .from(twoFactorTable)
              .where(eq(twoFactorTable.userId, userId))
              .limit(1);
            if (!row) return;
            const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
            const step = matchingTotpStep(new TextEncoder().encode(secret), code);
            if (step === null) return; // a wrong code: better-auth refuses it and counts the failure
            if (!(await claimTotpStep(db, userId, step))) {
              throw new APIError("UNAUTHORIZED", {
                code: TOTP_CODE_ALREADY_USED,
                message: "This code was already used; wait for the next one",
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
