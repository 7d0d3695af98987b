import { and, eq } from "drizzle-orm";
import QRCode from "qrcode";
import {
  account as accountTable,
  session as sessionTable,
  twoFactor as twoFactorTable,
  user as userTable,
} from "~/db/schema";
import { AUTH_BASE_PATH, authCookieName, type Auth } from "~/server/auth.server";
import type { Db, Tx } from "~/server/db.server";
import { consumeRateLimit, type RateLimitRule } from "~/server/rate-limit.server";
import { CLIENT_IP_HEADER } from "~/server/request-guards.server";
import { TOTP_CODE_ALREADY_USED } from "~/server/totp-replay.server";
import { isAdminUser, type AuthContext } from "./auth.server";
import { rememberStaySignedIn } from "./admin-session.server";
import { recordConsoleSignIn } from "./staff.server";
import { isTotpCode, loginSchema, secondFactorCodeSchema, totpCodeSchema } from "./auth.schema";
import { readCookie } from "~/server/cookies.server";

/*
 * The admin console's sign-in, second factor, sign-out and TOTP set-up. Every step goes
 * through better-auth's HTTP handler (not auth.api), so its rate limiter, origin checks and
 * cookie handling apply exactly as for a browser calling /api/auth/* directly; the caller
 * copies the returned Set-Cookie headers onto its own response. Routes must have checked the
 * incoming request's origin first (requireAdmin or assertSameOrigin), since the forwarded
 * request carries the shop's own Origin.
 */

export interface AuthCallResult {
  status: number;
  ok: boolean;
  /** The parsed JSON body (null when not JSON). */
  body: Record<string, unknown> | null;
  setCookies: string[];
}

/** POSTs a JSON body to a better-auth endpoint on behalf of the browser that sent `request`. */
export async function callAuthEndpoint(
  context: AuthContext,
  request: Request,
  path: string,
  body: Record<string, unknown>,
  cookieOverride?: string,
): Promise<AuthCallResult> {
  const { env, auth } = context;
  const headers = new Headers({ "content-type": "application/json", origin: new URL(env.PUBLIC_URL).origin });
  // The client's address as the Express layer established it, so the rate limit counts per client.
  const clientIp = request.headers.get(CLIENT_IP_HEADER);
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
  const cookie = cookieOverride ?? request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent);

  const response = await auth.handler(
    new Request(`${env.PUBLIC_URL}${AUTH_BASE_PATH}${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
  const text = await response.text();
  let parsed: Record<string, unknown> | null = null;
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    if (value && typeof value === "object") parsed = value as Record<string, unknown>;
  } catch {
    parsed = null;
  }
  return { status: response.status, ok: response.ok, body: parsed, setCookies: response.headers.getSetCookie() };
}

export const WRONG_PASSWORD_MESSAGE = "Mật khẩu không đúng";

const messagesByCode: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Email hoặc mật khẩu không đúng",
  // Do not tell a guesser that the password length was the problem.
  PASSWORD_TOO_SHORT: "Email hoặc mật khẩu không đúng",
  PASSWORD_TOO_LONG: "Email hoặc mật khẩu không đúng",
  INVALID_EMAIL: "Email không hợp lệ",
  VALIDATION_ERROR: "Dữ liệu không hợp lệ",
  INVALID_PASSWORD: WRONG_PASSWORD_MESSAGE,
  INVALID_CODE: "Mã xác thực không đúng",
  INVALID_BACKUP_CODE: "Mã dự phòng không đúng",
  [TOTP_CODE_ALREADY_USED]: "Mã này đã được dùng. Vui lòng đợi mã mới trong ứng dụng xác thực",
  INVALID_TWO_FACTOR_COOKIE: "Phiên xác thực đã hết hạn, vui lòng đăng nhập lại",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Nhập sai quá nhiều lần, vui lòng đăng nhập lại",
  ACCOUNT_TEMPORARILY_LOCKED: "Tài khoản tạm thời bị khóa do nhập sai mã quá nhiều lần, vui lòng thử lại sau",
  TOTP_ALREADY_ENABLED: "Xác thực hai lớp đã được bật",
  TOTP_NOT_ENABLED: "Chưa bật xác thực hai lớp",
  UNAUTHORIZED: "Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại",
  INVALID_ORIGIN: "Yêu cầu không hợp lệ",
  MISSING_OR_NULL_ORIGIN: "Yêu cầu không hợp lệ",
};

export const RATE_LIMITED_MESSAGE = "Quá nhiều lần thử, vui lòng thử lại sau";
export const NOT_ADMIN_MESSAGE = "Tài khoản không có quyền quản trị";
const FALLBACK_MESSAGE = "Không thể thực hiện yêu cầu, vui lòng thử lại";

/** better-auth's error, in Vietnamese for the person at the screen. */
export function authErrorMessage(context: AuthContext, result: AuthCallResult): string {
  const code = typeof result.body?.code === "string" ? result.body.code : "";
  if (messagesByCode[code]) return messagesByCode[code];
  if (result.status === 429) return RATE_LIMITED_MESSAGE;
  context.logger.warn({ status: result.status, code, message: result.body?.message }, "unexpected auth error");
  return FALLBACK_MESSAGE;
}

function errorCode(result: AuthCallResult): string {
  return typeof result.body?.code === "string" ? result.body.code : "";
}

export type SignInOutcome =
  /** Full admin session: copy setCookies onto the redirect to /admin. */
  | { kind: "signed-in"; setCookies: string[] }
  /** Password accepted, TOTP required: copy setCookies (the pending-2FA cookie) and ask for the code. */
  | { kind: "second-factor"; setCookies: string[] }
  /** Refused; `restart` means the pending second-factor step is gone: back to email + password. */
  | { kind: "error"; status: number; message: string; fieldErrors?: Record<string, string>; restart?: boolean };

/** Step 1: email and password (SPEC: both required). Non-admins are signed out again. */
export async function signInAdmin(context: AuthContext, request: Request, form: FormData): Promise<SignInOutcome> {
  const parsed = loginSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return { kind: "error", status: 400, message: Object.values(fieldErrors)[0], fieldErrors };
  }
  const { email, password } = parsed.data;
  const result = await callAuthEndpoint(context, request, "/sign-in/email", { email, password, rememberMe: true });
  if (!result.ok) {
    return { kind: "error", status: result.status === 429 ? 429 : 401, message: authErrorMessage(context, result) };
  }
  const { db } = context.database;

  if (result.body?.twoFactorRedirect === true) {
    // The password was right; no session exists until the code is verified. Refuse a
    // non-admin now instead of after the code (its pending challenge simply expires).
    const [row] = await db
      .select({ id: userTable.id })
      .from(userTable)
      .where(eq(userTable.email, email.toLowerCase()))
      .limit(1);
    if (!row || !(await isAdminUser(db, row.id))) return { kind: "error", status: 403, message: NOT_ADMIN_MESSAGE };
    return { kind: "second-factor", setCookies: result.setCookies };
  }
  return finishSignIn(context, result, staysSignedIn(form));
}

/** The login form's "stay signed in on this device" box (step 2 carries it from step 1). */
function staysSignedIn(form: FormData): boolean {
  return form.get("staySignedIn") === "on";
}

/** Step 2: the 6-digit TOTP code (or a backup code) for the sign-in waiting on it. */
export async function verifyAdminSecondFactor(
  context: AuthContext,
  request: Request,
  form: FormData,
): Promise<SignInOutcome> {
  const parsed = secondFactorCodeSchema.safeParse(String(form.get("code") ?? ""));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Mã xác thực không hợp lệ";
    return { kind: "error", status: 400, message, fieldErrors: { code: message } };
  }
  const code = parsed.data;
  const result = isTotpCode(code)
    ? await callAuthEndpoint(context, request, "/two-factor/verify-totp", { code, trustDevice: false })
    : await callAuthEndpoint(context, request, "/two-factor/verify-backup-code", {
        code: code.includes("-") ? code : `${code.slice(0, 5)}-${code.slice(5)}`,
        trustDevice: false,
      });
  if (!result.ok) {
    const restart = ["INVALID_TWO_FACTOR_COOKIE", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"].includes(errorCode(result));
    return {
      kind: "error",
      status: result.status === 429 ? 429 : result.status === 400 ? 400 : 401,
      message: authErrorMessage(context, result),
      restart,
    };
  }
  return finishSignIn(context, result, staysSignedIn(form));
}

/**
 * A session was created: keep it for an admin (marked "stay signed in" when asked and allowed),
 * delete it (and send no cookie) for anyone else.
 */
async function finishSignIn(context: AuthContext, result: AuthCallResult, staySignedIn: boolean): Promise<SignInOutcome> {
  const { db } = context.database;
  const user = result.body?.user as { id?: unknown } | undefined;
  const token = typeof result.body?.token === "string" ? result.body.token : null;
  const userId = typeof user?.id === "string" ? user.id : null;
  let admin = false;
  if (userId) {
    try {
      admin = await isAdminUser(db, userId);
    } catch (error) {
      context.logger.error({ err: error, userId }, "admin role lookup failed");
    }
  }
  if (admin && userId) {
    await recordConsoleSignIn(db, userId);
    if (staySignedIn && token) await rememberStaySignedIn(db, token);
    return { kind: "signed-in", setCookies: result.setCookies };
  }
  if (token) await db.delete(sessionTable).where(eq(sessionTable.token, token));
  return { kind: "error", status: 403, message: NOT_ADMIN_MESSAGE };
}

/** Ends the request's session (if any) and returns the Set-Cookie headers that clear the cookies. */
export async function signOutAdmin(context: AuthContext, request: Request): Promise<string[]> {
  const result = await callAuthEndpoint(context, request, "/sign-out", {});
  if (!result.ok && result.status !== 400 && result.status !== 401) {
    context.logger.warn({ status: result.status, code: errorCode(result) }, "sign-out failed");
  }
  return result.setCookies;
}

/** True when the browser holds a pending second-factor challenge (set by step 1). */
export function hasPendingSecondFactor(context: Pick<AuthContext, "env">, request: Request): boolean {
  return readCookie(request, authCookieName(context.env, "two_factor")) !== null;
}

export interface TotpSetup {
  /** otpauth:// URI (what the QR code encodes). */
  totpURI: string;
  /** The QR code as an SVG data URL, rendered on the server. */
  qrCodeDataUrl: string;
  /** The base32 key for typing into an app by hand, grouped by four. */
  manualKey: string;
  /** One-time recovery codes (valid once the set-up is confirmed). */
  backupCodes: string[];
}

export type TotpResult<T = object> = ({ ok: true } & T) | { ok: false; status: number; message: string; field?: string };

/** Renders the set-up screen's QR code and manual key from an otpauth:// URI. */
export async function describeTotpUri(totpURI: string, backupCodes: string[]): Promise<TotpSetup> {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const svg = await QRCode.toString(totpURI, { type: "svg", margin: 1, errorCorrectionLevel: "M", width: 220 });
  return {
    totpURI,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    manualKey: secret.replace(/(.{4})/g, "$1 ").trim(),
    backupCodes,
  };
}

/** Starts TOTP set-up for the signed-in admin (password required); the issuer is the store name. */
export async function startTotpSetup(
  context: AuthContext,
  request: Request,
  input: { password: string; issuer: string },
): Promise<TotpResult<{ setup: TotpSetup }>> {
  if (!input.password) return { ok: false, status: 400, message: "Vui lòng nhập mật khẩu", field: "password" };
  const result = await callAuthEndpoint(context, request, "/two-factor/enable", {
    password: input.password,
    issuer: input.issuer,
  });
  if (!result.ok || typeof result.body?.totpURI !== "string") {
    return { ok: false, status: result.ok ? 500 : result.status, message: authErrorMessage(context, result), field: "password" };
  }
  const backupCodes = Array.isArray(result.body.backupCodes) ? result.body.backupCodes.map(String) : [];
  return { ok: true, setup: await describeTotpUri(result.body.totpURI, backupCodes) };
}

/**
 * Confirms set-up with a code from the app: TOTP is on from then. better-auth replaces the
 * session when it turns 2FA on, so the returned cookies must reach the browser.
 */
export async function confirmTotpSetup(
  context: AuthContext,
  request: Request,
  rawCode: string,
): Promise<TotpResult<{ setCookies: string[] }>> {
  const parsed = totpCodeSchema.safeParse(rawCode);
  if (!parsed.success) return { ok: false, status: 400, message: "Mã xác thực gồm 6 chữ số", field: "code" };
  const result = await callAuthEndpoint(context, request, "/two-factor/verify-totp", { code: parsed.data });
  if (!result.ok) return { ok: false, status: result.status, message: authErrorMessage(context, result), field: "code" };
  return { ok: true, setCookies: result.setCookies };
}

/** Turns TOTP off (password required). The session is replaced: forward the cookies. */
export async function disableTotp(
  context: AuthContext,
  request: Request,
  password: string,
): Promise<TotpResult<{ setCookies: string[] }>> {
  if (!password) return { ok: false, status: 400, message: "Vui lòng nhập mật khẩu", field: "password" };
  const result = await callAuthEndpoint(context, request, "/two-factor/disable", { password });
  if (!result.ok) return { ok: false, status: result.status, message: authErrorMessage(context, result), field: "password" };
  return { ok: true, setCookies: result.setCookies };
}

/**
 * The signed-in member's password, asked again before a sensitive change (where the carrier token
 * is sent, decision 0043): compared by better-auth's own password verifier (the hashing it signs
 * in with) against the member's credential, read through `db` — the console action's transaction,
 * which better-auth's endpoint would wait on over the embedded database's one connection. Wrong
 * guesses count per member like sign-ins (`limit`, SIGN_IN_RATE_LIMIT).
 */
export async function confirmOwnPassword(
  db: Db | Tx,
  auth: Auth,
  userId: string,
  password: string,
  limit: RateLimitRule,
): Promise<TotpResult> {
  if (!password) return { ok: false, status: 400, message: "Vui lòng nhập mật khẩu", field: "password" };
  const counted = await consumeRateLimit(db, `password-check:${userId}`, limit);
  if (!counted.allowed) return { ok: false, status: 429, message: RATE_LIMITED_MESSAGE, field: "password" };
  const [credential] = await db
    .select({ hash: accountTable.password })
    .from(accountTable)
    .where(and(eq(accountTable.userId, userId), eq(accountTable.providerId, "credential")))
    .limit(1);
  const { password: passwords } = await auth.$context;
  const matches = credential?.hash ? await passwords.verify({ hash: credential.hash, password }) : false;
  return matches ? { ok: true } : { ok: false, status: 400, message: WRONG_PASSWORD_MESSAGE, field: "password" };
}

/** True when a TOTP set-up was started but never confirmed (the user may start again). */
export async function hasUnconfirmedTotp(context: AuthContext, userId: string): Promise<boolean> {
  const rows = await context.database.db
    .select({ id: twoFactorTable.id })
    .from(twoFactorTable)
    .where(and(eq(twoFactorTable.userId, userId), eq(twoFactorTable.verified, false)))
    .limit(1);
  return rows.length > 0;
}
