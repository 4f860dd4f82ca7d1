import type { CallName, Language, Role } from '@playrep/contracts';
import type { Env } from '../config/env.js';
import type { Database, Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';

/** Who is calling: set by the session plugin from the cookie or the Bearer token. */
export interface AuthContext {
  accountId: string;
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  parentId: string | null;
  sessionId: number;
  expiresAt: Date;
  /** The account's language (docs/decisions/0021-languages.md): its API messages come in it. */
  language: Language;
}

/** An account that passed the scope rule for this request. */
export interface ScopedAccount {
  id: string;
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  parentId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
    env: Env;
    clock: Clock;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Accounts named by the request's account parameters, keyed by parameter name, all in scope. */
    scoped: Record<string, ScopedAccount>;
    /** The account a report is about: the `id` parameter, or the caller. */
    subject: ScopedAccount;
  }
  interface FastifyContextConfig {
    /** The call's name in the contracts' endpoint table (reports: looked up in the permission table). */
    call?: CallName;
    /** A GET that changes state (logout): the Origin check applies to it as to a POST. */
    changesState?: boolean;
    /** The call's fields by the labels of its screen (contracts' fieldLabels): refusals name them so. */
    labels?: Readonly<Record<string, string>>;
  }
}
