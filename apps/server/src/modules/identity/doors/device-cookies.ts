import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AUTH_CALLS } from '@playrep/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../../db/client.js';
import { signingKeyOf } from '../../../db/signing-keys.js';
import { cookieIsSecure } from './session-cookie.js';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; README, "Sign-in
 * limits"): a successful sign-in leaves the browser a cookie for that account, `device-<account id>`,
 * holding a random nonce and an HMAC of the account id and the nonce. An attempt that presents a
 * valid one for the account it signs in to is exempt from the delay others' failures cause, and
 * its own failures count against its nonce (attempts.ts). The key is kept in the database, made by
 * the first sign-in ever: every server process signs and checks with the same key, across restarts.
 */
const KEY_NAME = 'device_cookie';
const COOKIE_PREFIX = 'device-';
/** Sent with the sign-in call only. */
const COOKIE_PATH = `/api${AUTH_CALLS.login.path}`;
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** The signing key of this database, read (and made, the first time ever) at first use, then kept. */
export const deviceKeyOf = (db: Queryable): (() => Promise<Buffer>) => signingKeyOf(db, KEY_NAME);

const mac = (key: Buffer, accountId: string, nonce: string) => createHmac('sha256', key).update(`${accountId}.${nonce}`).digest();

/** The nonce of the request's device cookie for this account, when it carries a valid one; else null. */
export function presentedDevice(request: FastifyRequest, key: Buffer, accountId: string): string | null {
  const [, nonce = '', signature = ''] = VALUE.exec(request.cookies?.[`${COOKIE_PREFIX}${accountId}`] ?? '') ?? [];
  if (!nonce) return null;
  return timingSafeEqual(Buffer.from(signature, 'base64url'), mac(key, accountId, nonce)) ? nonce : null;
}

/** Gives the browser a new device cookie for the account it has just signed in to. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, key: Buffer, accountId: string): void {
  const nonce = randomBytes(16).toString('base64url');
  reply.setCookie(`${COOKIE_PREFIX}${accountId}`, `${nonce}.${mac(key, accountId, nonce).toString('base64url')}`, {
    httpOnly: true,
    sameSite: 'strict',
    path: COOKIE_PATH,
    secure: cookieIsSecure(request),
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
