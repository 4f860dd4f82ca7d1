import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as docs/domain.md "Access" fixes it: 6 digits, 30 s, one step either side. */
const PERIOD_S = 30;
const WINDOW = 1;
const ISSUER = 'Playrep';

/** A new secret (160 bits, RFC 4226's recommendation) in base32, as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ buffer: randomBytes(20).buffer }).base32;
}

function totpOf(secret: string, username: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: username,
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: PERIOD_S,
    algorithm: 'SHA1',
  });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secret: string, username: string): string {
  return totpOf(secret, username).toString();
}

/**
 * The time step of a code that is valid at `now` (one step either side), or null. The caller
 * refuses a step at or before the last one accepted, so that each code is used once.
 */
export function acceptedStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

// ---------------------------------------------------------------- recovery codes

/** Ten codes of ten characters (about 50 bits each) from an alphabet without look-alikes, shown as xxxxx-xxxxx. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (any case, with or without its dash or spaces) to what is stored: its SHA-256. */
export function recoveryCodeHash(typed: string): string {
  return createHash('sha256').update(typed.toLowerCase().replace(/[\s-]/g, '')).digest('hex');
}

/** Whether what was typed has the shape of a recovery code (else it is taken as a six-digit code). */
export function looksLikeRecoveryCode(typed: string): boolean {
  return typed.toLowerCase().replace(/[\s-]/g, '').length === 10;
}
