import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { TrustProxy } from '../config/env.js';

/**
 * How the server learns a client's address (request.ip), in one place: the socket's peer, or
 * behind the proxies TRUST_PROXY names, the address they forward in X-Forwarded-For. Activity,
 * the sign-in throttles and everything else read request.ip.
 *
 * A forwarded entry that is not an IPv4 or IPv6 address (`not-an-ip`, `1.2.3.4:80`) is never
 * believed (README, "Sign-in limits"): the header is cut before its last such entry, so that the
 * client is the address of the proxy that passed it on, never the text nor anything written
 * before it. That is done before Fastify reads the request at all (rewriteUrl is its one step on
 * the raw request, before routing, logging and every hook), so that even the request log's first
 * line has an address.
 */
export function clientAddressOptions(trust: TrustProxy) {
  if (trust === false) return { trustProxy: false };
  return {
    trustProxy: trustProxyOption(trust),
    rewriteUrl: (raw: IncomingMessage): string => {
      keepForwardedAddresses(raw);
      return raw.url ?? '/';
    },
  };
}

/**
 * Fastify's trustProxy for TRUST_PROXY (config/env.ts has refused "true"): the listed proxies, or
 * the nearest `hops` addresses. Fastify's own number form trusts no header at all, so the hop
 * count is a function: proxy-addr asks it about the socket's peer (hop 0), then about the
 * X-Forwarded-For entries from the right, and the client is the first address it does not trust.
 */
function trustProxyOption(trust: Exclude<TrustProxy, false>): string[] | ((address: string, hop: number) => boolean) {
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return trust.proxies;
}

/** Drops the X-Forwarded-For entries from the nearest one that is not an address (counted from the right) leftwards. */
function keepForwardedAddresses(raw: IncomingMessage): void {
  const header = raw.headers['x-forwarded-for'];
  if (typeof header !== 'string') return;
  // Empty entries are skipped, as proxy-addr does.
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const notAddress = entries.findLastIndex((entry) => isIP(entry) === 0);
  if (notAddress === -1) return;
  const kept = entries.slice(notAddress + 1);
  if (kept.length > 0) raw.headers['x-forwarded-for'] = kept.join(', ');
  else delete raw.headers['x-forwarded-for'];
}
