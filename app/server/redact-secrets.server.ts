/*
 * One-time links and other credentials carried in a URL (issue 30): the invitation token in
 * /admin/invitation/<token>, the GHN webhook secret in its path (decision 0023), a password-reset
 * token, and every `token=`/`secret=`-like query parameter (newsletter confirmation and
 * unsubscribe, review links). Whoever holds one of these acts as its recipient, so the request
 * log, the error log and the console's outbox show them masked. The text may be a path, a URL, a
 * plain-text body or an HTML body (`&amp;` between parameters): the same patterns cover all four.
 */

export const SECRET_MASK = "••••••";

/** Path prefixes whose next segment is a credential. */
const secretPathSegment =
  /(\/admin\/invitation\/|\/api\/carriers\/[^/\s?#"'<>]+\/webhook\/|\/api\/auth\/reset-password\/)[^/\s?#&"'<>]+/g;

/** Query parameters whose value is a credential (after `?`, `&` or HTML's `&amp;`). */
const secretQueryValue = /([?&](?:amp;)?(?:token|secret|sig|signature|password)=)[^&\s#"'<>]+/gi;

/** `text` with every credential of a URL in it replaced by SECRET_MASK; anything else is left as it is. */
export function redactSecrets(text: string): string {
  return text.replace(secretPathSegment, `$1${SECRET_MASK}`).replace(secretQueryValue, `$1${SECRET_MASK}`);
}
