import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * Tokens the shop signs with AUTH_SECRET so a link works without sign-in and cannot be made up:
 * `<value>.<HMAC-SHA256(purpose:value)>`, base64url. The purpose keeps a token of one kind from
 * being accepted as another.
 */

function signatureOf(purpose: string, value: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(`${purpose}:${value}`).digest();
}

export function signToken(purpose: string, value: string, secret: string): string {
  return `${Buffer.from(value).toString("base64url")}.${signatureOf(purpose, value, secret).toString("base64url")}`;
}

/** The signed value, or null when the token is malformed or its signature is not ours. */
export function verifyToken(purpose: string, token: string, secret: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,2000})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const value = Buffer.from(match[1], "base64url").toString();
  const given = Buffer.from(match[2], "base64url");
  const expected = signatureOf(purpose, value, secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
