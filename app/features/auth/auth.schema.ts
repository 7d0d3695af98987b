import { z } from "zod";

/**
 * Auth input rules shared by the admin forms (browser) and the server. The login form only
 * checks presence (SPEC §5: email and password required); better-auth checks the rest.
 */

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** The rule for new admin passwords, as told to the person choosing one. */
export const PASSWORD_RULE =
  `at least ${PASSWORD_MIN_LENGTH} characters (at most ${PASSWORD_MAX_LENGTH}), mixing at least two kinds of ` +
  "characters: lowercase letters, uppercase letters, digits, symbols";

export const loginSchema = z.object({
  email: z.string().trim().min(1, "Vui lòng nhập email").max(254, "Email quá dài"),
  password: z.string().min(1, "Vui lòng nhập mật khẩu").max(PASSWORD_MAX_LENGTH, "Mật khẩu quá dài"),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Changing two-factor settings needs the password entered on the session within this many minutes. */
export const REAUTHENTICATION_WINDOW_MINUTES = 10;

/** A 6-digit TOTP code, or a backup code (xxxxx-xxxxx) shown when the second factor was enabled. */
export const secondFactorCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, "Vui lòng nhập mã xác thực")
      .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, "Mã xác thực gồm 6 chữ số (hoặc một mã dự phòng)"),
  );

/**
 * The code box's HTML pattern (the browser's check before the form is sent): six digits, spaces
 * allowed between them, or a backup code (xxxxx-xxxxx). The schema above stays the rule.
 */
export const SECOND_FACTOR_CODE_PATTERN = "\\s*(?:\\d\\s*){6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}";
/** "123 456" and "abcde-12345" fit; an e-mail address does not. */
export const SECOND_FACTOR_CODE_MAX_LENGTH = 11;

/** Exactly six digits (spaces ignored): the code an authenticator app shows. */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Mã xác thực gồm 6 chữ số"));

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** How many of the four kinds of characters a password uses. */
export function characterKinds(password: string): number {
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{Ll}\p{Lu}\p{Nd}]/u];
  return kinds.filter((kind) => kind.test(password)).length;
}

/** Email and password of a new admin (the CLI). Messages are for the operator running it. */
export const adminCredentialsSchema = z.object({
  email: z
    .string({ error: "--email is required" })
    .trim()
    .toLowerCase()
    .pipe(z.email("must be a valid email address, like owner@shop.vn").max(254, "is too long")),
  password: z
    .string({ error: "--password is required" })
    .min(PASSWORD_MIN_LENGTH, `is too short: the rule is ${PASSWORD_RULE}`)
    .max(PASSWORD_MAX_LENGTH, `is too long: the rule is ${PASSWORD_RULE}`)
    .refine((password) => characterKinds(password) >= 2, `is too weak: the rule is ${PASSWORD_RULE}`),
});
export type AdminCredentials = z.infer<typeof adminCredentialsSchema>;
