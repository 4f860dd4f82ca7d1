import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { Env } from './env.js';
import { hideUrlSecrets, withoutUrlSecrets } from './log-redaction.js';

/** Where the server's log goes: standard output, or a stand-in for it in tests. */
type LogOutput = NodeJS.WritableStream & { isTTY?: boolean };

/** Request headers that carry a secret, never logged. */
const REDACTED = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/** Readable lines for a person at a terminal; one JSON object a line for a file, a pipe or a log collector. */
export function logFormat(output: LogOutput): 'pretty' | 'json' {
  return output.isTTY ? 'pretty' : 'json';
}

/**
 * One line an entry: the message, then what a request entry says about its request
 * (`incoming request GET /api/health [req-1]`, `request completed 200 in 4 ms [req-1]`); any other
 * field (an error, a job's figures) follows on the lines below, as pino-pretty prints it.
 */
function requestLine(log: Record<string, unknown>, messageKey: string): string {
  const req = log.req as { method?: string; url?: string } | undefined;
  const res = log.res as { statusCode?: number } | undefined;
  const parts = [String(log[messageKey] ?? '')];
  if (req?.method) parts.push(`${req.method} ${req.url}`);
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof log.responseTime === 'number') parts.push(`in ${Math.round(log.responseTime)} ms`);
  if (log.reqId) parts.push(`[${log.reqId}]`);
  return parts.filter(Boolean).join(' ');
}

/** The server's logger: the level from LOG_LEVEL, secrets redacted, the format its output calls for. */
export function serverLogger(level: Env['LOG_LEVEL'], output: LogOutput = process.stdout): FastifyServerOptions['logger'] {
  const stream =
    logFormat(output) === 'pretty'
      ? // Formatted in this process (no worker thread): a terminal's log is small.
        pinoPretty({
          destination: output,
          colorize: true,
          translateTime: 'SYS:HH:MM:ss',
          messageFormat: requestLine,
          ignore: 'pid,hostname,reqId,req,res,responseTime',
        })
      : output;
  return {
    level,
    redact: REDACTED,
    stream,
    // Every URL the log writes has its secrets hidden (log-redaction.ts): the request's, in every
    // entry about a request, and any in a message or an error (Fastify names the URL in some).
    serializers: { req: requestForLog },
    hooks: {
      logMethod(args, write) {
        write.apply(this, args.map(withoutUrlSecrets) as Parameters<typeof write>);
      },
    },
  };
}

/** What an entry says about its request (the fields of Fastify's own), the URL's secrets hidden. */
function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: hideUrlSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
