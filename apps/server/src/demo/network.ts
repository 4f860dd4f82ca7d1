import type { Role } from '@playrep/contracts';
import { addDays, type IsoDay, istDay } from '../lib/dates.js';
import { definite } from '../lib/definite.js';
import { CITY_NAMES, cafeName, personName, streetAddress } from './names.js';
import { atHour, DAY_MS, HOUR_MS, type Period } from './period.js';
import type { Random } from './random.js';
import type { ScaleConfig } from './scales.js';

export const DEMO_PASSWORD = 'Demo@1234';

export interface DemoAccount {
  username: string;
  role: Role;
  firstName: string;
  lastName: string;
  /** The fixed account right above it (docs/domain.md, "Demo data"); null for the superadmin. */
  parentUsername: string | null;
}

/** The accounts every demo network contains, all with the password DEMO_PASSWORD. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'superadmin', role: 'superadmin', firstName: 'Sunil', lastName: 'Kapoor', parentUsername: null },
  { username: 'admin1', role: 'admin', firstName: 'Anita', lastName: 'Desai', parentUsername: 'superadmin' },
  { username: 'sam1', role: 'superareamanager', firstName: 'Sameer', lastName: 'Joshi', parentUsername: 'admin1' },
  { username: 'am1', role: 'areamanager', firstName: 'Amit', lastName: 'Kulkarni', parentUsername: 'sam1' },
  { username: 'master1', role: 'master', firstName: 'Manoj', lastName: 'Patel', parentUsername: 'am1' },
  { username: 'player1', role: 'player', firstName: 'Priya', lastName: 'Sharma', parentUsername: 'master1' },
  { username: 'master2', role: 'master', firstName: 'Meena', lastName: 'Rao', parentUsername: 'am1' },
  { username: 'player2', role: 'player', firstName: 'Pankaj', lastName: 'Verma', parentUsername: 'master2' },
];

/**
 * The two generated agents under am1 that the README's demo table names: the inactive master and
 * the master with three loans. They have the demo password too, so that the table holds: the
 * inactive one is refused with the inactive message rather than a wrong password.
 */
export const DEMO_NAMED_AGENTS = { inactive: 'master3', borrower: 'master4' } as const;

/** The fixed accounts with a confirmed email address (`<username>@example.com`): their statements, daily digest and big-win alerts are mailed. */
export const DEMO_EMAIL_ACCOUNTS: readonly string[] = ['am1', 'master1'];

/** Commission (percent) of the fixed accounts that have one. */
const FIXED_COMMISSION: Record<string, number> = { superadmin: 1, admin1: 2, sam1: 3, am1: 4, master1: 15, master2: 10 };
const FIXED_CITY = 'Pune';

export interface SeedAccount {
  id: string;
  username: string;
  role: Role;
  parentId: string | null;
  firstName: string;
  lastName: string;
  /** Percent with two decimals, as the numeric column takes it. */
  commission: string;
  address: string;
  createdAt: Date;
  fixed: boolean;
  /** Written with DEMO_PASSWORD: the fixed accounts and DEMO_NAMED_AGENTS; the others have no password. */
  demoPassword: boolean;
  /**
   * The final user_status. Accounts are written active and switched off after the transfers,
   * because the ledger (rightly) refuses transfers with an inactive account.
   */
  active: boolean;
  /** Last IST day with activity: the end day, or the day before the account stopped. */
  lastDay: IsoDay;
  depth: number;
  city: string;
}

export interface SeedCafe {
  id: string;
  masterId: string;
  name: string;
  address: string;
  createdAt: Date;
}

/** How a player behaves; plays and poker hands are drawn from it day by day. */
export interface SeedPlayer {
  account: SeedAccount;
  master: SeedAccount;
  homeCafes: SeedCafe[];
  /** Cafes of other active masters under the same area manager (preferred when playing away). */
  nearbyCafes: SeedCafe[];
  firstDay: IsoDay;
  lastDay: IsoDay;
  /** Chance to play on a given day. */
  activity: number;
  playsPerDay: number;
  /** Chance that a slip is played at another master's cafe. */
  awayChance: number;
  /** Chance to sit at the poker table on a day the player plays. */
  pokerChance: number;
  stakeCents: number;
  /**
   * Whether the player has a wallet in use (gets and returns points by transfer). About two in
   * five do, and all fixed ones: the rest pay at the counter, which keeps the number of
   * transfers (one ledger transaction each) moderate.
   */
  usesWallet: boolean;
}

export interface SeedLoan {
  id: string;
  agentId: string;
  principalCents: number;
  processingFeeCents: number;
  deductionPercentage: string;
  issuedAt: Date;
}

export interface NetworkPlan {
  /** Parents before children. */
  accounts: SeedAccount[];
  byUsername: Map<string, SeedAccount>;
  childrenOf: Map<string, SeedAccount[]>;
  cafes: SeedCafe[];
  /** Cafes any player may wander to (those of active masters). */
  openCafes: SeedCafe[];
  players: SeedPlayer[];
  loans: SeedLoan[];
}

const USERNAME_PREFIX: Record<Exclude<Role, 'superadmin'>, string> = {
  admin: 'admin',
  superareamanager: 'sam',
  areamanager: 'am',
  master: 'master',
  player: 'player',
};

/** Builds the whole account tree, cafes, player habits and loans; writes nothing. */
export function planNetwork(config: ScaleConfig, period: Period, random: Random): NetworkPlan {
  const rng = random.fork('network');
  const ids = random.fork('ids');
  const accounts: SeedAccount[] = [];
  const byUsername = new Map<string, SeedAccount>();
  const childrenOf = new Map<string, SeedAccount[]>();
  const cafes: SeedCafe[] = [];
  const cafesOf = new Map<string, SeedCafe[]>();
  const loans: SeedLoan[] = [];
  // Generated usernames continue after the fixed ones: admin2, sam2, am2, master3, player3, ...
  const counters: Record<string, number> = { admin: 1, superareamanager: 1, areamanager: 1, master: 2, player: 2 };
  const periodDays = period.days.length;
  const dayAt = (fraction: number) =>
    definite(period.days[Math.min(periodDays - 1, Math.floor(fraction * periodDays))], 'a day of the period');

  const add = (role: Role, parent: SeedAccount | null, fixedName?: string, city?: string): SeedAccount => {
    const fixed = fixedName ? DEMO_ACCOUNTS.find((a) => a.username === fixedName) : undefined;
    let username: string;
    if (fixed) username = fixed.username;
    else if (role === 'superadmin') throw new Error('the superadmin is a fixed account');
    else {
      counters[role] = (counters[role] ?? 0) + 1;
      username = `${USERNAME_PREFIX[role]}${counters[role]}`;
    }
    const name = fixed ? { firstName: fixed.firstName, lastName: fixed.lastName } : personName(rng);
    const accountCity = city ?? parent?.city ?? FIXED_CITY;
    const account: SeedAccount = {
      id: ids.uuid(),
      username,
      role,
      parentId: parent?.id ?? null,
      ...name,
      commission: commissionFor(rng, role, fixed?.username).toFixed(2),
      address: addressFor(rng, role, accountCity),
      createdAt: registrationTime(rng, role, parent, period, Boolean(fixed)),
      fixed: Boolean(fixed),
      demoPassword: Boolean(fixed),
      active: true,
      lastDay: period.endDay,
      depth: parent ? parent.depth + 1 : 0,
      city: accountCity,
    };
    accounts.push(account);
    byUsername.set(username, account);
    if (parent) {
      const siblings = childrenOf.get(parent.id) ?? [];
      siblings.push(account);
      childrenOf.set(parent.id, siblings);
    }
    if (role === 'master') {
      const own: SeedCafe[] = [];
      const count =
        username === 'master1'
          ? 1
          : username === 'master2'
            ? 2
            : rng.weighted([
                [1, 55],
                [2, 30],
                [3, 15],
              ] as const);
      for (let i = 0; i < count; i++) {
        const place = streetAddress(rng, accountCity);
        own.push({
          id: ids.uuid(),
          masterId: account.id,
          name: cafeName(rng, place.area),
          address: place.address,
          createdAt: new Date(account.createdAt.getTime() + (i + 1) * 2 * HOUR_MS),
        });
      }
      cafes.push(...own);
      cafesOf.set(account.id, own);
    }
    return account;
  };

  // One of the agents the README names: it gets the demo password (its username comes from the counters).
  const named = (account: SeedAccount, username: string): SeedAccount => {
    if (account.username !== username) throw new Error(`the demo's ${username} came out as ${account.username}`);
    account.demoPassword = true;
    return account;
  };

  const addPlayers = (master: SeedAccount, fixedPlayer?: string) => {
    const count = rng.int(...config.playersPerMaster);
    for (let i = 0; i < count; i++) add('player', master, i === 0 ? fixedPlayer : undefined);
  };

  const superadmin = add('superadmin', null, 'superadmin');
  for (let a = 1; a <= config.admins; a++) {
    const admin = add(
      'admin',
      superadmin,
      a === 1 ? 'admin1' : undefined,
      a === 1 ? FIXED_CITY : CITY_NAMES[a % CITY_NAMES.length],
    );
    const sams = rng.int(...config.samsPerAdmin);
    for (let s = 1; s <= sams; s++) {
      const fixedPath = a === 1 && s === 1;
      const sam = add('superareamanager', admin, fixedPath ? 'sam1' : undefined);
      const ams = rng.int(...config.amsPerSam);
      for (let m = 1; m <= ams; m++) {
        const isAm1 = fixedPath && m === 1;
        const am = add('areamanager', sam, isAm1 ? 'am1' : undefined, isAm1 ? FIXED_CITY : rng.pick(CITY_NAMES));
        if (isAm1) {
          // master1, master2, then an inactive master and one with several loans, then others.
          addPlayers(add('master', am, 'master1'), 'player1');
          addPlayers(add('master', am, 'master2'), 'player2');
          const inactive = named(add('master', am), DEMO_NAMED_AGENTS.inactive);
          inactive.active = false;
          inactive.lastDay = addDays(dayAt(0.55), -1);
          addPlayers(inactive);
          const borrower = named(add('master', am), DEMO_NAMED_AGENTS.borrower);
          addPlayers(borrower);
          for (const fraction of [0.1, 0.4, 0.7]) loans.push(loanFor(rng, ids, borrower, dayAt(fraction)));
          const more = Math.max(0, rng.int(...config.mastersPerAm) - 3);
          for (let k = 0; k < more; k++) addPlayers(add('master', am));
        } else {
          const masters = rng.int(...config.mastersPerAm);
          for (let k = 0; k < masters; k++) {
            const master = add('master', am);
            if (rng.chance(0.05)) {
              // A few masters elsewhere stop too (non-performing); under am1 exactly one does.
              master.active = false;
              master.lastDay = dayAt(0.4 + rng.next() * 0.5);
            }
            addPlayers(master);
            if (rng.chance(0.18)) loans.push(loanFor(rng, ids, master, dayAt(rng.next() * 0.9)));
          }
        }
      }
    }
  }
  const master2 = definite(byUsername.get('master2'), 'master2');
  loans.push(loanFor(rng, ids, master2, dayAt(0.3), 50_000_00));

  // Players of the inactive master stop with it; a few other generated players drift away too.
  const players: SeedPlayer[] = [];
  const accountById = new Map(accounts.map((a) => [a.id, a]));
  const openCafes = cafes.filter((c) => accountById.get(c.masterId)?.active);
  for (const account of accounts) {
    if (account.role !== 'player') continue;
    const master = definite(accountById.get(definite(account.parentId, "a player's parent id")), "a player's master");
    if (!master.active) account.lastDay = master.lastDay;
    else if (!account.fixed && !master.fixed && rng.chance(0.03)) {
      account.active = false;
      account.lastDay = dayAt(0.5 + rng.next() * 0.4);
    }
    const am = definite(master.parentId, "a master's parent id");
    const nearbyCafes = (childrenOf.get(am) ?? [])
      .filter((m) => m.id !== master.id && m.active)
      .flatMap((m) => cafesOf.get(m.id) ?? []);
    const registeredDay = istDay(account.createdAt);
    players.push({
      account,
      master,
      homeCafes: definite(cafesOf.get(master.id), "a master's cafes"),
      nearbyCafes,
      firstDay: registeredDay < period.startDay ? period.startDay : addDays(registeredDay, 1),
      lastDay: account.lastDay,
      ...habitsFor(rng, config, account.fixed),
    });
  }
  return { accounts, byUsername, childrenOf, cafes, openCafes, players, loans };
}

function commissionFor(rng: Random, role: Role, fixedName: string | undefined): number {
  if (fixedName) return FIXED_COMMISSION[fixedName] ?? 0;
  switch (role) {
    case 'player':
      return 0;
    case 'master':
      return rng.chance(0.12) ? 0 : rng.int(10, 40) / 2; // 5 to 20, in halves
    case 'areamanager':
      return rng.chance(0.1) ? 0 : rng.int(2, 10) / 2;
    case 'superareamanager':
      return rng.chance(0.1) ? 0 : rng.int(2, 6) / 2;
    default:
      return rng.int(0, 4) / 2;
  }
}

/** Masters get a street address (where their business is), managers their city, players none. */
function addressFor(rng: Random, role: Role, city: string): string {
  if (role === 'master') return streetAddress(rng, city).address;
  if (role === 'player') return '';
  return city;
}

/**
 * Managers and most accounts exist before the period starts; about one generated master in
 * twelve and one generated player in seven register during it (and start playing the day after).
 */
function registrationTime(rng: Random, role: Role, parent: SeedAccount | null, period: Period, fixed: boolean): Date {
  if (!parent) return atHour(addDays(period.startDay, -150), 10);
  // Below an account that itself joined during the period, children follow within three days.
  if (parent.createdAt.getTime() > period.start.getTime() - DAY_MS) {
    return new Date(parent.createdAt.getTime() + rng.int(2, 72) * HOUR_MS);
  }
  const afterParent = parent.createdAt.getTime() + rng.int(1, 10) * DAY_MS + rng.int(1, 8) * HOUR_MS;
  const lateShare = fixed ? 0 : role === 'player' ? 1 / 7 : role === 'master' ? 1 / 12 : 0;
  if (rng.chance(lateShare)) {
    const day = definite(period.days[Math.floor(rng.next() * 0.6 * period.days.length)], 'a day of the period');
    const late = atHour(day, 10 + rng.next() * 9).getTime();
    return new Date(Math.max(late, parent.createdAt.getTime() + HOUR_MS));
  }
  const beforeStart = period.start.getTime() - rng.int(1, 20) * HOUR_MS;
  return new Date(Math.max(parent.createdAt.getTime() + HOUR_MS, Math.min(afterParent, beforeStart)));
}

/** A player's habits (SeedPlayer's activity to usesWallet); the live demo feed draws them the same way. */
export function habitsFor(rng: Random, config: ScaleConfig, fixed: boolean) {
  const stakeCents =
    rng.weighted([
      [10, 30],
      [20, 25],
      [50, 20],
      [100, 15],
      [200, 7],
      [500, 3],
    ] as const) * 100;
  if (fixed) {
    return {
      activity: 0.93,
      playsPerDay: config.playsPerActiveDay + 1,
      awayChance: 0.1,
      pokerChance: 0.5,
      stakeCents,
      usesWallet: true,
    };
  }
  const kind = rng.weighted([
    ['regular', 50],
    ['casual', 40],
    ['rare', 10],
  ] as const);
  const activity =
    kind === 'regular' ? 0.7 + rng.next() * 0.25 : kind === 'casual' ? 0.35 + rng.next() * 0.35 : 0.1 + rng.next() * 0.25;
  return {
    activity,
    playsPerDay: config.playsPerActiveDay * (0.5 + rng.next()),
    awayChance: rng.chance(0.7) ? 0.01 + rng.next() * 0.02 : 0.05 + rng.next() * 0.15,
    pokerChance: rng.chance(0.4) ? 0.1 + rng.next() * 0.3 : 0,
    stakeCents,
    usesWallet: rng.chance(0.4),
  };
}

function loanFor(rng: Random, ids: Random, agent: SeedAccount, day: IsoDay, principalCents?: number): SeedLoan {
  const principal = principalCents ?? rng.int(10, 200) * 1000_00;
  const feePercent = rng.pick([0, 1, 2, 2.5, 5]);
  return {
    id: ids.uuid(),
    agentId: agent.id,
    principalCents: principal,
    // Fees are whole points.
    processingFeeCents: Math.round((principal * feePercent) / 100 / 100) * 100,
    deductionPercentage: rng.chance(0.85) ? '50.00' : rng.pick(['25.00', '40.00', '60.00', '100.00']),
    // Never before the agent registered.
    issuedAt: new Date(Math.max(atHour(day, 10 + rng.next() * 8).getTime(), agent.createdAt.getTime() + DAY_MS)),
  };
}
