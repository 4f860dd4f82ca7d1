import nodemailer from 'nodemailer';
import { composeMessage } from './mime-message.js';

/**
 * The mail server the sender hands mail to (SMTP_URL, through nodemailer): a few pooled
 * connections, so that a week's statements go out side by side. Nothing here knows the outbox.
 */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  headers?: Record<string, string> | undefined;
  attachments?: { filename: string; content: Buffer; contentType: string }[] | undefined;
}

export interface MailTransport {
  /** Resolves with the server's answer ('250 2.0.0 Ok: queued'); rejects with its refusal. */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

/** Connections kept open to the mail server at once. */
const CONNECTIONS = 5;

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: CONNECTIONS,
    // A server that does not answer is given up on well before the next retry is due.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail) {
      // Composed whole before it is handed over (mime-message.ts): streamed as nodemailer composed
      // it, a statement's PDF reached the socket one base64 line at a time.
      const { envelope, raw } = composeMessage(mail);
      const info = await transporter.sendMail({ envelope, raw });
      return info.response ?? '250 accepted';
    },
    close: () => transporter.close(),
  };
}

/** The mail server refused the mail for good (an SMTP 5xx reply): retrying gives the same answer. */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What the mail server answered, or why it could not be reached, as one line for the Mail screen. */
export function answerOf(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: unknown; message?: unknown };
  const text = typeof response === 'string' && response !== '' ? response : String(message ?? error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}
