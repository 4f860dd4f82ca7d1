import type { Role } from '@playrep/contracts';
import type { Db } from '../db/client.js';
import { istDay } from '../lib/dates.js';
import { definite } from '../lib/definite.js';
import { inOneTransaction, type LedgerSteps } from '../modules/ledger/ledger.js';
import type { NetworkPlan, SeedAccount } from './network.js';
import { atHour, DAY_MS, HOUR_MS, type Period } from './period.js';
import type { Random } from './random.js';
import { CHANNELS, OUTCOMES, type SeedSummary, type TransferChannel, type TransferOutcome } from './summary.js';

/** Who takes part in a transfer: an account of the plan, or the house. */
type Party = SeedAccount | 'house';

interface TransferEvent {
  atMs: number;
  /** Tie-break for equal times: the order the events were planned in. */
  seq: number;
  from: Party;
  to: Party;
  channel: TransferChannel;
  outcome: TransferOutcome;
  resolveAfterMs: number;
  /** A fixed amount (capped by what the sender holds), or a share of what the sender holds. */
  amount: { cents: number } | { share: number };
  /** Showcase transfers of the fixed accounts: always sent, at least one point. */
  required: boolean;
}

/** The fixed pairs that get a transfer of every status, both ways, in both channels. */
const SHOWCASE_PAIRS: readonly (readonly [parent: string, child: string])[] = [
  ['house', 'superadmin'],
  ['superadmin', 'admin1'],
  ['admin1', 'sam1'],
  ['sam1', 'am1'],
  ['am1', 'master1'],
  ['master1', 'player1'],
  ['am1', 'master2'],
  ['master2', 'player2'],
];

/** Points an account keeps for itself, on top of what it passes down to its subtree. */
const OWN_FLOAT_POINTS: Record<Exclude<Role, 'player'>, readonly [number, number]> = {
  superadmin: [400_000, 600_000],
  admin: [200_000, 400_000],
  superareamanager: [100_000, 200_000],
  areamanager: [50_000, 100_000],
  master: [20_000, 80_000],
};

/** Transfers written (created and resolved) per ledger transaction. */
const EVENTS_PER_TRANSACTION = 500;

/**
 * Transfers, all through the ledger (the product's own code path), in time order: the house
 * issues points to the superadmin, every account is funded by its parent from the top down,
 * then weekly top-ups and returns between parents and children (and now and then with the
 * house) in every status and channel, and, in the last four weeks, a transfer of every status,
 * both ways and in both channels, on every fixed parent-child pair (the single-channel ones in the
 * last 6 days). Amounts follow a running copy
 * of the balances, so no transfer is refused for lack of points.
 */
export async function writeTransfers(
  db: Db,
  plan: NetworkPlan,
  period: Period,
  houseId: string,
  rateOfWeeklyTransfer: number,
  random: Random,
  summary: SeedSummary,
  progress: (message: string) => void,
): Promise<void> {
  const rng = random.fork('transfers');
  const events = planEvents(plan, period, rateOfWeeklyTransfer, rng);
  const balances = new Map<string, number>();
  const idOf = (party: Party) => (party === 'house' ? houseId : party.id);
  const balanceOf = (party: Party) => (party === 'house' ? Number.POSITIVE_INFINITY : (balances.get(party.id) ?? 0));
  const credit = (party: Party, cents: number) => {
    if (party !== 'house') balances.set(party.id, (balances.get(party.id) ?? 0) + cents);
  };

  let written = 0;
  const write = async (ledger: LedgerSteps, event: TransferEvent) => {
    const available = balanceOf(event.from);
    let cents =
      'cents' in event.amount
        ? Math.min(event.amount.cents, available)
        : Math.floor((available * event.amount.share) / 1000) * 1000; // whole tens of points
    if (cents < 100 && event.required) cents = Math.min(100, available);
    if (cents < 100) return;

    const fromId = idOf(event.from);
    const toId = idOf(event.to);
    const at = new Date(event.atMs);
    const transfer = await ledger.createTransfer({ fromId, toId, amountCents: cents, channel: event.channel, at });
    credit(event.from, -cents);
    const resolvedAt = new Date(event.atMs + event.resolveAfterMs);
    let outcome = event.outcome;
    if (resolvedAt.getTime() > period.cutoff.getTime()) outcome = 'pending';
    if (outcome === 'accepted') {
      await ledger.acceptTransfer({ transferId: transfer.id, byAccountId: toId, at: resolvedAt });
      credit(event.to, cents);
    } else if (outcome === 'rejected') {
      await ledger.rejectTransfer({ transferId: transfer.id, byAccountId: toId, at: resolvedAt });
      credit(event.from, cents);
    } else if (outcome === 'cancelled') {
      await ledger.cancelTransfer({ transferId: transfer.id, byAccountId: fromId, at: resolvedAt });
      credit(event.from, cents);
    }
    const tally = summary.transfers[event.channel][outcome];
    tally.count += 1;
    tally.amountCents += cents;
    written += 1;
  };
  // Many events per transaction: one commit for a batch instead of one for each create and resolve.
  for (let first = 0; first < events.length; first += EVENTS_PER_TRANSACTION) {
    const batch = events.slice(first, first + EVENTS_PER_TRANSACTION);
    await inOneTransaction(db, async (ledger) => {
      for (const event of batch) await write(ledger, event);
    });
    progress(`transfers: ${written.toLocaleString('en-IN')} of about ${events.length.toLocaleString('en-IN')}`);
  }
  progress(`transfers: ${written.toLocaleString('en-IN')}`);
}

function planEvents(plan: NetworkPlan, period: Period, weeklyRate: number, rng: Random): TransferEvent[] {
  const events: TransferEvent[] = [];
  const cutoffMs = period.cutoff.getTime();
  const byId = new Map(plan.accounts.map((a) => [a.id, a]));
  const parentOf = (a: SeedAccount) => (a.parentId ? definite(byId.get(a.parentId), "an account's parent") : undefined);
  const walletless = new Set(plan.players.filter((p) => !p.usesWallet).map((p) => p.account.id));
  const need = fundingNeeds(plan, walletless, rng);
  const needOf = (account: SeedAccount) => definite(need.get(account.id), "an account's funding need");
  const fundedAt = new Map<string, number>();
  const lastDayOf = (party: Party) => (party === 'house' ? period.endDay : party.lastDay);
  const push = (event: Omit<TransferEvent, 'seq'>) => {
    const day = istDay(new Date(event.atMs));
    if (event.atMs > cutoffMs || day > lastDayOf(event.from) || day > lastDayOf(event.to)) return;
    events.push({ ...event, seq: events.length });
  };
  const points = (cents: number) => Math.max(100, Math.round(cents / 1000) * 1000); // whole tens of points
  const channel = (multiplayerShare: number): TransferChannel => (rng.chance(multiplayerShare) ? 'multiplayer' : 'single');

  // 1. The house issues, then each account is funded by its parent, parents first.
  for (const account of plan.accounts) {
    if (walletless.has(account.id)) continue;
    const beforeStart = account.createdAt.getTime() < period.start.getTime();
    const atMs = beforeStart
      ? period.start.getTime() + 30 * 60_000 + account.depth * 10 * 60_000 + rng.int(0, 540) * 1000
      : account.createdAt.getTime() + HOUR_MS + rng.int(0, 1800) * 1000;
    fundedAt.set(account.id, atMs);
    push({
      atMs,
      from: parentOf(account) ?? 'house',
      to: account,
      channel: account.role === 'player' ? channel(0.2) : 'single',
      outcome: 'accepted',
      resolveAfterMs: rng.int(1, 20) * 60_000,
      amount: { cents: needOf(account) },
      required: false,
    });
  }

  // 2. Weekly top-ups and returns, in every status and channel.
  for (let weekStart = 0; weekStart < period.days.length; weekStart += 7) {
    const weekDays = period.days.slice(weekStart, weekStart + 7);
    for (const account of plan.accounts) {
      const parent = parentOf(account);
      if (!parent || walletless.has(account.id) || !rng.chance(weeklyRate)) continue;
      const partner: Party = account.role !== 'player' && rng.chance(0.1) ? 'house' : parent;
      const firstDay = istDay(new Date(definite(fundedAt.get(account.id), "an account's first funding") + DAY_MS));
      const days = weekDays.filter((d) => d >= firstDay);
      if (days.length === 0) continue;
      const atMs = atHour(rng.pick(days), 10 + rng.next() * 11).getTime();
      const down = rng.chance(0.65);
      push({
        atMs,
        from: down ? partner : account,
        to: down ? account : partner,
        channel: channel(0.25),
        outcome: rng.weighted([
          ['accepted', 80],
          ['rejected', 7],
          ['cancelled', 7],
          ['pending', 6],
        ] as const),
        resolveAfterMs: rng.int(5, 36 * 60) * 60_000,
        amount: down ? { cents: points(needOf(account) * (0.1 + rng.next() * 0.4)) } : { share: 0.05 + rng.next() * 0.25 },
        required: false,
      });
    }
  }

  // 3. The showcase: every status, both ways, both channels, on each fixed pair, in the last four
  // weeks and before the end day (so even a network ending now has them all, resolved).
  for (const [parentName, childName] of SHOWCASE_PAIRS) {
    const parent: Party = parentName === 'house' ? 'house' : definite(plan.byUsername.get(parentName), parentName);
    const child = definite(plan.byUsername.get(childName), childName);
    for (const down of [true, false]) {
      for (const outcome of OUTCOMES) {
        for (const via of CHANNELS) {
          // Single-channel ones within the last 6 days, so that the landing report (Point Transfer,
          // last 7 days) shows every section; multiplayer ones anywhere in the last four weeks.
          const daysAgo = via === 'single' ? rng.int(1, 6) : rng.int(1, 27);
          const day = definite(period.days[period.days.length - 1 - daysAgo], 'a day of the period');
          push({
            atMs: atHour(day, 10 + rng.next() * 10).getTime(),
            from: down ? parent : child,
            to: down ? child : parent,
            channel: via,
            outcome,
            resolveAfterMs: rng.int(5, 120) * 60_000,
            amount: down ? { cents: points(needOf(child) * (0.01 + rng.next() * 0.04)) } : { share: 0.02 + rng.next() * 0.06 },
            required: true,
          });
        }
      }
    }
  }
  return events.sort((a, b) => a.atMs - b.atMs || a.seq - b.seq);
}

/** What each account receives at first: its own float plus everything its subtree receives. */
function fundingNeeds(plan: NetworkPlan, walletless: Set<string>, rng: Random): Map<string, number> {
  const need = new Map<string, number>();
  const stakeOf = new Map(plan.players.map((p) => [p.account.id, p.stakeCents]));
  // Children come after their parents in plan.accounts: walk it backwards.
  for (let i = plan.accounts.length - 1; i >= 0; i--) {
    const account = definite(plan.accounts[i], 'an account of the plan');
    let cents: number;
    if (walletless.has(account.id)) cents = 0;
    else if (account.role === 'player') cents = (stakeOf.get(account.id) ?? 1000) * rng.int(30, 120);
    else {
      const [min, max] = OWN_FLOAT_POINTS[account.role];
      cents = rng.int(min / 1000, max / 1000) * 1000_00;
      for (const child of plan.childrenOf.get(account.id) ?? []) cents += definite(need.get(child.id), "a child's funding need");
    }
    need.set(account.id, cents);
  }
  return need;
}
