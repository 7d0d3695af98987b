import { and, asc, eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { emailOutbox } from "~/db/schema";
import { getSettings } from "~/features/settings/settings.server";
import type { Db } from "~/server/db.server";

/** A message as the sender hands it to a transport. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Extra headers (List-Unsubscribe…), or none. */
  headers?: Record<string, string> | null;
}

/** Something that delivers mail (SMTP through nodemailer in the server; a real SMTP listener in tests). */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close?(): void;
}

/** An SMTP transport from a URL: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465. */
export function createSmtpTransport(url: string, options: { timeoutMs?: number } = {}): MailTransport {
  const timeout = options.timeoutMs ?? 20_000;
  // The URL inside the options object: createTransport(url, second) takes `second` as message
  // defaults, which would leave nodemailer's own timeouts (up to 10 minutes) in force.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    close: () => transporter.close(),
  };
}

export interface ProcessOptions {
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
  /** Back-off unit: attempt n (from 0) may run base × (2ⁿ − 1) after the message was queued. */
  baseDelayMs?: number;
  /** Most messages handled per run. */
  batchSize?: number;
  /** The From header; defaults to the store's name and e-mail from settings. */
  from?: string;
  now?: () => Date;
}

export interface ProcessResult {
  sent: number;
  failed: number;
  retrying: number;
  logged: number;
}

export const DEFAULT_MAX_ATTEMPTS = 6;
export const DEFAULT_BASE_DELAY_MS = 60_000;

/** When attempt number `attempts` (0 = first) of a message queued at `queuedAt` may run. */
export function nextAttemptAt(queuedAt: Date, attempts: number, baseDelayMs = DEFAULT_BASE_DELAY_MS): Date {
  return new Date(queuedAt.getTime() + baseDelayMs * (2 ** attempts - 1));
}

/**
 * One run of the sender. Without a transport (no SMTP_URL), pending messages are marked
 * 'logged': they stay readable in the admin outbox. With one, each due pending message is
 * claimed (attempts + 1, a conditional update, so two instances never send the same attempt),
 * sent, and marked 'sent'; a failure keeps it pending with last_error and exponential back-off
 * (1, 3, 7, 15… × base after it was queued) until maxAttempts, then 'failed'. Never throws for
 * one bad message; a database error propagates to the caller (the interval logs it).
 */
export async function processOutbox(db: Db, transport: MailTransport | null, options: ProcessOptions = {}): Promise<ProcessResult> {
  const result: ProcessResult = { sent: 0, failed: 0, retrying: 0, logged: 0 };
  const now = options.now?.() ?? new Date();
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const base = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;

  if (!transport) {
    const logged = await db
      .update(emailOutbox)
      .set({ status: "logged" })
      .where(eq(emailOutbox.status, "pending"))
      .returning({ id: emailOutbox.id });
    result.logged = logged.length;
    return result;
  }

  const candidates = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.status, "pending"))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id))
    .limit(Math.max(1, (options.batchSize ?? 20) * 5));
  const due = candidates.filter((m) => nextAttemptAt(m.createdAt, m.attempts, base) <= now).slice(0, options.batchSize ?? 20);
  if (due.length === 0) return result;

  const from = options.from ?? (await defaultFrom(db));
  for (const message of due) {
    const [claimed] = await db
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1` })
      .where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.status, "pending"), eq(emailOutbox.attempts, message.attempts)))
      .returning({ attempts: emailOutbox.attempts });
    if (!claimed) continue; // another instance took this attempt

    try {
      await transport.send({
        from,
        to: message.toEmail,
        subject: message.subject,
        text: message.bodyText,
        html: message.bodyHtml,
        headers: message.headers,
      });
      await db
        .update(emailOutbox)
        .set({ status: "sent", sentAt: new Date(), lastError: null })
        .where(eq(emailOutbox.id, message.id));
      result.sent += 1;
    } catch (error) {
      const giveUp = claimed.attempts >= maxAttempts;
      await db
        .update(emailOutbox)
        .set({ status: giveUp ? "failed" : "pending", lastError: describeError(error) })
        .where(eq(emailOutbox.id, message.id));
      if (giveUp) result.failed += 1;
      else result.retrying += 1;
    }
  }
  return result;
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000) || "Unknown error";
}

/** "UVC Care" <hello@uvccare.vn>, from the store settings. */
async function defaultFrom(db: Db): Promise<string> {
  const { store } = await getSettings(db);
  const name = store.storeName.replace(/["\\\r\n]/g, "");
  return `"${name}" <${store.email || "no-reply@localhost"}>`;
}

export interface EmailSender {
  /** Runs once now (also used by tests); resolves when the run ends. Runs never overlap. */
  runOnce(): Promise<ProcessResult | null>;
  /** Stops the interval and waits for a run in progress. */
  stop(): Promise<void>;
}

interface SenderOptions extends ProcessOptions {
  smtpUrl?: string;
  intervalMs?: number;
  logger: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * The background sender of the server process: processOutbox on an interval (15 s by default),
 * through SMTP when SMTP_URL is set, otherwise marking messages 'logged'. Order placement only
 * inserts rows, so a slow or broken SMTP server never delays a shopper.
 */
export function startEmailSender(db: Db, options: SenderOptions): EmailSender {
  const transport = options.smtpUrl ? createSmtpTransport(options.smtpUrl) : null;
  let running: Promise<ProcessResult | null> | null = null;
  let stopped = false;

  const runOnce = () => {
    if (stopped) return Promise.resolve(null);
    running ??= processOutbox(db, transport, options)
      .then((result) => {
        if (result.sent || result.failed || result.retrying || result.logged) options.logger.info({ ...result }, "e-mail outbox processed");
        return result;
      })
      .catch((error: unknown) => {
        options.logger.error({ err: error }, "e-mail outbox run failed");
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const timer = setInterval(() => void runOnce(), options.intervalMs ?? 15_000);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport?.close?.();
    },
  };
}
