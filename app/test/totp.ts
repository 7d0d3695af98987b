// Relative: the end-to-end specs (Playwright) import this file too.
import { hotp, totpStepAt } from "../server/hotp.server";

/** What an authenticator app shows for an otpauth:// URI (RFC 6238, SHA-1, 6 digits, 30 s). */
export function totpFromUri(uri: string, at = Date.now()): string {
  const secret = new URL(uri).searchParams.get("secret")!;
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of secret.replace(/=+$/, "").toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return hotp(Uint8Array.from(bytes), totpStepAt(at));
}
