import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/*
 * The e2e shops' SMTP server (issue 30): the console's outbox masks one-time links, so a spec
 * reads an invitation or a confirmation link where its recipient would, in the mail the shop
 * sent. Each message is written as it arrived (<data dir>/mailbox/<n>.eml); mailTo decodes the
 * newest one to an address.
 */

const mailbox = (dataDir: string) => path.join(dataDir, "mailbox");

/** Starts the SMTP stand-in of one shop on a free local port; returns its URL and its stop. */
export async function startMailbox(dataDir: string): Promise<{ url: string; close: () => Promise<void> }> {
  mkdirSync(mailbox(dataDir), { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received += 1;
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        writeFileSync(path.join(mailbox(dataDir), `${String(received).padStart(5, "0")}.eml`), `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString("utf8")}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The text of a MIME part's body, decoded from quoted-printable or base64. */
function decodePart(part: string): string {
  const split = part.indexOf("\r\n\r\n");
  const headers = part.slice(0, split);
  const body = part.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1].toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
  }
  return body;
}

/** The plain-text body of the newest message the shop at `dataDir` sent to `to` whose subject matches, or null. */
export function mailTo(dataDir: string, to: string, subject: RegExp): string | null {
  const files = readdirSync(mailbox(dataDir)).sort().reverse();
  for (const file of files) {
    const raw = readFileSync(path.join(mailbox(dataDir), file), "utf8");
    if (!raw.startsWith(`X-Envelope-To: ${to}\r\n`)) continue;
    const rawSubject = /^subject:\s*(.*(?:\r\n[ \t].*)*)/im.exec(raw)?.[1] ?? "";
    const decodedSubject = rawSubject.replace(/\r\n[ \t]/g, " ").replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeURIComponent(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, "%$1")),
    );
    if (!subject.test(decodedSubject)) continue;
    const parts = raw.split(/\r\n--[^\r\n]+\r\n/);
    const textPart = parts.find((part) => /content-type:\s*text\/plain/i.test(part.slice(0, part.indexOf("\r\n\r\n"))));
    return textPart ? decodePart(textPart) : null;
  }
  return null;
}
