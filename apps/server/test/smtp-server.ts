import { type AddressInfo, createServer } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/**
 * A real SMTP server inside the test (smtp-server), on a free port of 127.0.0.1, that parses every
 * mail it accepts (mailparser). `answer` decides each mail's reply: accept it (the default), or
 * refuse it with an SMTP code and text (451 to be retried, 550 for good).
 */
export interface ReceivedMail {
  /** The envelope recipients. */
  to: string[];
  from: string;
  parsed: ParsedMail;
  /** The raw message as received. */
  raw: Buffer;
}

export type Answer = { accept: true } | { accept: false; code: number; text: string };

export interface TestSmtpServer {
  port: number;
  /** smtp://user:password@127.0.0.1:port (the server checks the credentials). */
  url: string;
  received: ReceivedMail[];
  /** Every DATA the server answered, accepted or not, in order. */
  attempts: { to: string[]; answer: Answer }[];
  answer: (mail: { to: string[]; attempt: number }) => Answer;
  close(): Promise<void>;
}

export const SMTP_USER = 'sender';
export const SMTP_PASSWORD = 'secret-123';

/**
 * `parse: false` keeps each accepted mail raw, with `parsed` filled in only by `parseReceived()`:
 * for a benchmark, whose clients share this process and would otherwise wait behind the parsing.
 */
export async function startSmtpServer(options: { parse?: boolean } = {}): Promise<TestSmtpServer> {
  const parse = options.parse ?? true;
  const state: TestSmtpServer = {
    port: 0,
    url: '',
    received: [],
    attempts: [],
    answer: () => ({ accept: true }),
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const raw = Buffer.concat(chunks);
        const answer = state.answer({ to, attempt: state.attempts.filter((a) => a.to.join() === to.join()).length + 1 });
        state.attempts.push({ to, answer });
        if (!answer.accept) {
          callback(Object.assign(new Error(answer.text), { responseCode: answer.code }));
          return;
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        if (!parse) {
          state.received.push({ to, from, parsed: undefined as unknown as ParsedMail, raw });
          callback(null, 'Ok: queued');
          return;
        }
        simpleParser(raw).then(
          (parsed) => {
            state.received.push({ to, from, parsed, raw });
            callback(null, 'Ok: queued');
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

/** Parses the mails a server started with `parse: false` kept raw. */
export async function parseReceived(server: TestSmtpServer): Promise<void> {
  for (const mail of server.received) mail.parsed ??= await simpleParser(mail.raw);
}

/** A port of 127.0.0.1 nothing listens on (taken, then let go). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
