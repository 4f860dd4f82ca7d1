import { randomUUID } from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import { encodeWords, foldLines } from 'nodemailer/lib/mime-funcs';
import { encode as quotedPrintable, wrap as wrapQuotedPrintable } from 'nodemailer/lib/qp';
import type { OutgoingMail } from './transport.js';

/**
 * A mail as the bytes handed to the mail server (RFC 5322 and MIME), and its SMTP envelope.
 *
 * The shape is always the same and small: a text body, perhaps an HTML one beside it, perhaps
 * attachments. Composed here as one string, a statement takes a tenth of a millisecond; nodemailer's
 * composer streamed every part through its own transforms, over a millisecond of the sender's
 * thread a mail, as much as building the statement's PDF. nodemailer still encodes the header
 * words and bodies (mime-funcs, qp) and talks SMTP (transport.ts).
 */
export interface MimeMessage {
  envelope: { from: string; to: string[] };
  raw: Buffer;
}

const CRLF = '\r\n';
const FOLDED = new Set(['From', 'To', 'Subject']);
/** Base64 lines of 76 characters, as MIME asks. */
const BASE64_LINE = /.{1,76}/g;

export function composeMessage(mail: OutgoingMail, now: Date = new Date()): MimeMessage {
  const from = firstAddress(mail.from, 'MAIL_FROM');
  const to = firstAddress(mail.to, 'the recipient');
  const domain = from.address.slice(from.address.lastIndexOf('@') + 1) || 'localhost';
  const headers: [string, string][] = [
    ['From', mailbox(from)],
    ['To', mailbox(to)],
    ['Subject', encodeWords(mail.subject, 'Q', 52)],
    ['Date', now.toUTCString().replace(/GMT$/, '+0000')],
    ['Message-ID', `<${randomUUID()}@${domain}>`],
    ['MIME-Version', '1.0'],
    ...Object.entries(mail.headers ?? {}),
  ];
  const boundary = (name: string) => `----=_${name}_${randomUUID()}`;
  let body = textPart('text/plain', mail.text);
  if (mail.html !== undefined) {
    const alternative = boundary('alt');
    body = multipart('alternative', alternative, [body, textPart('text/html', mail.html)]);
  }
  const attachments = mail.attachments ?? [];
  if (attachments.length > 0) {
    const mixed = boundary('mixed');
    body = multipart('mixed', mixed, [body, ...attachments.map(attachmentPart)]);
  }
  // Words (names, the subject) are folded onto lines of 76; a link is kept whole on its line.
  const head = headers
    .map(([name, value]) => (FOLDED.has(name) ? foldLines(`${name}: ${value}`, 76) : `${name}: ${value}`))
    .join(CRLF);
  return { envelope: { from: from.address, to: [to.address] }, raw: Buffer.from(`${head}${CRLF}${body}`, 'utf8') };
}

interface Mailbox {
  name: string;
  address: string;
}

function firstAddress(value: string, what: string): Mailbox {
  const [first] = addressparser(value, { flatten: true });
  if (!first?.address) throw new Error(`${what} is not an email address: ${value}`);
  return { name: first.name, address: first.address };
}

/** `Name <address>`, the name quoted or encoded as it needs. */
function mailbox({ name, address }: Mailbox): string {
  if (!name) return `<${address}>`;
  const phrase = /^[\w !#$%&'*+\-/=?^`{|}~]*$/.test(name) ? `"${name}"` : encodeWords(name, 'Q', 52, true);
  return `${phrase} <${address}>`;
}

/** A part's header lines and, after the blank line, its body. */
function part(headers: string[], body: string): string {
  return `${headers.join(CRLF)}${CRLF}${CRLF}${body}`;
}

function textPart(type: 'text/plain' | 'text/html', text: string): string {
  return part(
    [`Content-Type: ${type}; charset=utf-8`, 'Content-Transfer-Encoding: quoted-printable'],
    wrapQuotedPrintable(quotedPrintable(text.replace(/\r?\n/g, CRLF)), 76),
  );
}

function attachmentPart(attachment: NonNullable<OutgoingMail['attachments']>[number]): string {
  const name = encodeWords(attachment.filename, 'Q', 52, false);
  return part(
    [
      `Content-Type: ${attachment.contentType}; name="${name}"`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment; filename="${name}"`,
    ],
    attachment.content.toString('base64').replace(BASE64_LINE, `$&${CRLF}`),
  );
}

function multipart(kind: 'alternative' | 'mixed', boundary: string, parts: string[]): string {
  const body = parts.map((p) => `--${boundary}${CRLF}${p}${CRLF}`).join('');
  return part([`Content-Type: multipart/${kind}; boundary="${boundary}"`], `${body}--${boundary}--${CRLF}`);
}
