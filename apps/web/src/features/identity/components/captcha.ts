/** The login captcha: a random six-digit number, 100000-999999 (docs/screens.md, Sign-in). */
export const CAPTCHA_MIN = 100_000;
export const CAPTCHA_MAX = 999_999;

export function generateCaptcha(random: () => number = Math.random): string {
  return String(CAPTCHA_MIN + Math.floor(random() * (CAPTCHA_MAX - CAPTCHA_MIN + 1)));
}
