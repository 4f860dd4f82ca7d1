import { parseArgs } from 'node:util';
import { formatCount, isRole, NewAccount, ROLES } from '@playrep/contracts';
import { type Env, publicUrl } from '../../../config/env.js';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { FieldError, HttpError } from '../../../lib/http-error.js';
import { findSignInAccount } from '../../accounts/repository.js';
import { commandLineLink, createAccount, resetPassword, setAccountActive } from './commands.js';

export const ACCOUNTS_USAGE = `Usage: npm run accounts -- <command> [options]

Commands:
  create --username <name> [--password <password>] --role <role> --parent <username>
         [--first <first name>] [--last <last name>] [--commission <0-100>] [--address <text>]
      Creates an account under <parent>, whose role must be higher. --parent may be left out
      only for the superadmin. Roles: ${ROLES.join(', ')}. Without --password the account has
      none until a sign-in link (the link command) is used.
  disable --username <name>                       Makes the account inactive and ends its sessions.
  enable --username <name>                        Makes the account active again.
  reset-password --username <name> --password <password>
                                                  Sets a new password and ends the account's sessions.
  link --username <name>                          Prints a sign-in link for the account, valid
                                                  SIGN_IN_LINK_TTL_HOURS (72 by default): whoever opens it
                                                  chooses the password (no password on the command line).

Usernames: 3-32 letters, digits, ".", "_" or "-", unique ignoring case.
Passwords: 8-128 characters with a letter and a digit, not holding the username, not easy to
guess (the same strength rule as every password chosen in the back office).
Note: a password given on the command line may stay in the shell history.`;

const OPTIONS = {
  username: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
  parent: { type: 'string' },
  first: { type: 'string' },
  last: { type: 'string' },
  commission: { type: 'string' },
  address: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const ALLOWED: Record<string, readonly (keyof typeof OPTIONS)[]> = {
  create: ['username', 'password', 'role', 'parent', 'first', 'last', 'commission', 'address'],
  disable: ['username'],
  enable: ['username'],
  'reset-password': ['username', 'password'],
  link: ['username'],
};
const REQUIRED: Record<string, readonly (keyof typeof OPTIONS)[]> = {
  create: ['username', 'role'],
  disable: ['username'],
  enable: ['username'],
  'reset-password': ['username', 'password'],
  link: ['username'],
};

export interface CommandIo {
  db: Db;
  env: Env;
  clock: Clock;
  out: (line: string) => void;
  err: (line: string) => void;
}

export type AccountsCommand =
  | { kind: 'help' }
  | { kind: 'create'; fields: unknown; parent: string | undefined }
  | { kind: 'disable' | 'enable' | 'link'; username: string }
  | { kind: 'reset-password'; username: string; password: string };

/** Reads the arguments without touching the database: a usage problem is a string. */
export function parseAccountsCommand(argv: string[]): AccountsCommand | string {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const [command, ...extra] = positionals;
  if (!command) return 'No command given.';
  const allowed = ALLOWED[command];
  if (!allowed) return `Unknown command "${command}".`;
  if (extra.length > 0) return `Unexpected argument "${extra[0]}".`;
  const given = Object.keys(values).filter((k) => k !== 'help') as (keyof typeof OPTIONS)[];
  const stray = given.find((k) => !allowed.includes(k));
  if (stray) return `Option --${stray} does not apply to "${command}".`;
  const missing = (REQUIRED[command] ?? []).find((k) => !values[k]);
  if (missing) return `Option --${missing} is required for "${command}".`;

  // Every command requires --username, and reset-password --password (REQUIRED, checked above).
  const { username, password } = values;
  if (!username) return `Option --username is required for "${command}".`;
  if (command === 'create') {
    const commissionText = values.commission;
    const commission = commissionText === undefined ? undefined : Number(commissionText);
    if (commissionText !== undefined && (commissionText.trim() === '' || !Number.isFinite(commission))) {
      return 'Option --commission must be a number from 0 to 100.';
    }
    if (!isRole(values.role)) return `Option --role must be one of ${ROLES.join(', ')}.`;
    if (values.role !== 'superadmin' && !values.parent) return 'Option --parent is required for this role.';
    const fields = {
      username,
      password,
      role: values.role,
      firstName: values.first,
      lastName: values.last,
      commission,
      address: values.address,
    };
    return { kind: 'create', fields, parent: values.parent };
  }
  if (command === 'reset-password') {
    if (!password) return `Option --password is required for "${command}".`;
    return { kind: 'reset-password', username, password };
  }
  return { kind: command as 'disable' | 'enable' | 'link', username };
}

/** Exit codes: 0 done, 1 refused (unknown account, taken name, invalid value); accounts-cli.ts exits 2 on a usage error. */
export async function executeAccountsCommand(command: AccountsCommand, io: CommandIo): Promise<number> {
  const now = io.clock.now();
  try {
    switch (command.kind) {
      case 'help':
        io.out(ACCOUNTS_USAGE);
        return 0;
      case 'create': {
        const fields = NewAccount.safeParse(command.fields);
        if (!fields.success) {
          const issue = fields.error.issues[0];
          io.err(`Not created: ${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'is invalid'}`);
          return 1;
        }
        let parent = null;
        if (command.parent) {
          const found = await findSignInAccount(io.db, command.parent);
          if (!found) {
            io.err(`Not created: no account named "${command.parent}" to be the parent.`);
            return 1;
          }
          parent = { id: found.id, role: found.role };
        }
        const created = await createAccount(io.db, parent, fields.data, {
          reservedUsernames: [io.env.HOUSE_USERNAME],
          by: { actor: 'cli' },
          byUsername: 'command line',
          now: io.clock.now(),
        });
        const under = command.parent ? ` under "${command.parent}"` : '';
        io.out(`Created ${created.role} "${created.username}" (${created._id})${under}.`);
        return 0;
      }
      case 'disable':
      case 'enable': {
        const active = command.kind === 'enable';
        const { account, revokedSessions } = await setAccountActive(io.db, command.username, active, now);
        io.out(
          active
            ? `Enabled "${account.username}": it can sign in again.`
            : `Disabled "${account.username}": it can no longer sign in; ${formatCount(revokedSessions, 'open session')} ended.`,
        );
        return 0;
      }
      case 'reset-password': {
        const { account, revokedSessions } = await resetPassword(io.db, command.username, command.password, now);
        io.out(`New password set for "${account.username}"; ${formatCount(revokedSessions, 'open session')} ended.`);
        return 0;
      }
      case 'link': {
        const { account, link, expiresAt } = await commandLineLink(io.db, command.username, {
          now,
          ttlHours: io.env.SIGN_IN_LINK_TTL_HOURS,
          publicUrl: publicUrl(io.env),
        });
        io.out(
          `Sign-in link for "${account.username}", valid until ${expiresAt.toISOString()} (any earlier link no longer works):`,
        );
        // Alone on the last line, for scripts.
        io.out(link);
        return 0;
      }
    }
  } catch (err) {
    if (err instanceof HttpError) {
      // A refused option is named as the command line spells it (the screens' labels are not its words).
      io.err(`Refused: ${err instanceof FieldError ? `${err.field}: ${err.message}` : err.message}`);
      return 1;
    }
    throw err;
  }
}
