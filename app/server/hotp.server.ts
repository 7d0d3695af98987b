import { createHmac } from "node:crypto";

/** The TOTP parameters of the console's second factor (better-auth's twoFactor plugin is set to them). */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

/** RFC 4226 HOTP (HMAC-SHA-1, dynamic truncation) of one counter value. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1] & 15;
  const value =
    (((mac[offset] & 127) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3]) % 10 ** digits;
  return String(value).padStart(digits, "0");
}

/** The 30-second time step of an instant (RFC 6238's T). */
export function totpStepAt(epochMs: number): number {
  return Math.floor(epochMs / (TOTP_PERIOD_SECONDS * 1000));
}
