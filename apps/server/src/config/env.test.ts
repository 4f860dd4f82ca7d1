import { describe, expect, it } from 'vitest';
import { startServerProcess, waitFor } from '../../test/server-process.js';
import { EnvError, readEnv } from './env.js';

const WHAT_TO_GIVE =
  'give the addresses or CIDR ranges of your proxies (TRUST_PROXY=10.0.0.5,10.1.0.0/16) or the number of proxies in front of the server (TRUST_PROXY=1)';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless set', () => {
    for (const value of [undefined, '', 'false', '0']) expect(readEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(false);
  });

  it('takes proxy addresses and CIDR ranges, IPv4 and IPv6, or a number of proxies', () => {
    expect(readEnv({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8' }).TRUST_PROXY).toEqual({
      proxies: ['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8'],
    });
    expect(readEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ hops: 2 });
  });

  it('refuses "true", which would let any client choose its address, saying what to give instead', () => {
    expect(() => readEnv({ TRUST_PROXY: 'true' })).toThrow(
      `Invalid configuration:\n  TRUST_PROXY: "true" would let any client choose its address: ${WHAT_TO_GIVE}`,
    );
  });

  it('refuses an entry that is neither an address nor a CIDR range, naming it', () => {
    for (const [value, wrong] of [
      ['proxy.internal', '"proxy.internal"'],
      ['10.0.0.1,10.0.0.0/33', '"10.0.0.0/33"'],
      ['fd00::/129, 10.0.0.300', '"fd00::/129", "10.0.0.300"'],
      ['10.0.0.0/8/1', '"10.0.0.0/8/1"'],
      ['10.0.0.1,', '""'],
      ['-1', '"-1"'],
    ]) {
      expect(() => readEnv({ TRUST_PROXY: value }), value).toThrow(
        `Invalid configuration:\n  TRUST_PROXY: not an address or CIDR range: ${wrong}; ${WHAT_TO_GIVE}`,
      );
    }
  });

  it('stops the server at start with TRUST_PROXY=true, saying what to give instead', async () => {
    const server = startServerProcess({ TRUST_PROXY: 'true', DATA_DIR: 'memory://unused' });
    try {
      // It must stop before it ever listens.
      await waitFor(() => server.url() !== null || server.child.exitCode !== null, 'the server to stop or start', 30_000);
      expect([server.url(), await server.exited]).toEqual([null, 2]);
      expect(server.output().stderr).toContain(`TRUST_PROXY: "true" would let any client choose its address: ${WHAT_TO_GIVE}`);
    } finally {
      if (server.child.exitCode === null) server.child.kill();
    }
  });
});

describe('COOKIE_SECURE', () => {
  it('is 1 or 0, or unset', () => {
    expect(readEnv({ COOKIE_SECURE: '1' }).COOKIE_SECURE).toBe('1');
    expect(readEnv({ COOKIE_SECURE: '0' }).COOKIE_SECURE).toBe('0');
    expect(readEnv({}).COOKIE_SECURE).toBeUndefined();
    expect(() => readEnv({ COOKIE_SECURE: 'yes' })).toThrow('Invalid configuration:\n  COOKIE_SECURE: must be 0 or 1');
  });
});

describe('the report and export limits in the configuration', () => {
  it('has defaults: 4 report calls and 2 exports per account, 4 exports per server, 15 s per report statement', () => {
    const env = readEnv({});
    expect([env.REPORTS_PER_ACCOUNT, env.EXPORTS_PER_ACCOUNT, env.EXPORTS_PER_SERVER, env.REPORT_STATEMENT_TIMEOUT_MS]).toEqual([
      4, 2, 4, 15_000,
    ]);
  });

  it('still reads EXPORTS_PER_SESSION, the former name of EXPORTS_PER_ACCOUNT, when the new one is not set', () => {
    expect(readEnv({ EXPORTS_PER_SESSION: '3' }).EXPORTS_PER_ACCOUNT).toBe(3);
    expect(readEnv({ EXPORTS_PER_SESSION: '3', EXPORTS_PER_ACCOUNT: '5' }).EXPORTS_PER_ACCOUNT).toBe(5);
  });

  it('stops on a bad value with a message naming it', () => {
    expect(() => readEnv({ REPORTS_PER_ACCOUNT: '0' })).toThrow(EnvError);
    expect(() => readEnv({ REPORTS_PER_ACCOUNT: '0' })).toThrow('REPORTS_PER_ACCOUNT: must be 1 or more');
    expect(() => readEnv({ REPORT_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow('REPORT_STATEMENT_TIMEOUT_MS');
  });
});

describe('MAIL_RETENTION_DAYS', () => {
  it('keeps closed mail 90 days by default, a whole number of days from 1 on', () => {
    expect(readEnv({}).MAIL_RETENTION_DAYS).toBe(90);
    expect(readEnv({ MAIL_RETENTION_DAYS: '30' }).MAIL_RETENTION_DAYS).toBe(30);
    expect(() => readEnv({ MAIL_RETENTION_DAYS: '0' })).toThrow(
      'Invalid configuration:\n  MAIL_RETENTION_DAYS: must be 1 or more',
    );
    expect(() => readEnv({ MAIL_RETENTION_DAYS: '2.5' })).toThrow('MAIL_RETENTION_DAYS: must be a whole number of days');
    expect(() => readEnv({ MAIL_RETENTION_DAYS: 'a year' })).toThrow('MAIL_RETENTION_DAYS: must be a whole number of days');
    expect(() => readEnv({ MAIL_RETENTION_DAYS: '40000' })).toThrow('MAIL_RETENTION_DAYS: must be at most 36500');
  });
});

describe('MAIL_MAX_AGE_DAYS', () => {
  it('is 7 days unless set, a whole number from 1 to 365', () => {
    expect(readEnv({}).MAIL_MAX_AGE_DAYS).toBe(7);
    expect(readEnv({ MAIL_MAX_AGE_DAYS: '30' }).MAIL_MAX_AGE_DAYS).toBe(30);
    expect(() => readEnv({ MAIL_MAX_AGE_DAYS: '0' })).toThrow('Invalid configuration:\n  MAIL_MAX_AGE_DAYS: must be 1 or more');
    expect(() => readEnv({ MAIL_MAX_AGE_DAYS: '400' })).toThrow('MAIL_MAX_AGE_DAYS: must be at most 365');
    expect(() => readEnv({ MAIL_MAX_AGE_DAYS: '2.5' })).toThrow('MAIL_MAX_AGE_DAYS: must be a whole number of days');
    expect(() => readEnv({ MAIL_MAX_AGE_DAYS: 'a week' })).toThrow('MAIL_MAX_AGE_DAYS');
  });
});
