import type {
  AccountSearchResponse,
  AgentRow,
  AgentStatusResponse,
  BalanceResponse,
  DailyStatusRow,
  MemberElsewhereRow,
} from '@playrep/contracts';
import { fullName } from '@playrep/contracts';
import { centsToPoints, sumCents } from '../../lib/money.js';
import type { ScopedAccount } from '../../plugins/context.js';
import type { AccountRecord } from '../accounts/repository.js';
import type { MasterProfitCents, MemberElsewhereCents } from './queries.js';

/** An account as the network reports show it (Agent Details, Non Performing, Balance). */
export function agentRow(account: AccountRecord): AgentRow {
  return {
    _id: account.id,
    username: account.username,
    firstName: account.firstName,
    lastName: account.lastName,
    fullname: fullName(account.firstName, account.lastName),
    role: account.role,
    address: account.address,
    commission: account.commission,
    userStatus: account.userStatus,
    walletBalance: centsToPoints(account.walletBalanceCents),
  };
}

export function dailyStatusRow(master: MasterProfitCents): DailyStatusRow {
  return {
    _id: master.id,
    username: master.username,
    fullname: fullName(master.firstName, master.lastName),
    address: master.address,
    profit: centsToPoints(master.profitCents),
    playedElsewhere: master.playedElsewhere,
  };
}

/** Daily Status' and Agent Status' total: Σ of the rows' profits, summed in hundredths. */
export function totalProfit(masters: readonly Pick<MasterProfitCents, 'profitCents'>[]): number {
  return centsToPoints(sumCents(masters, (master) => master.profitCents));
}

/** An Agent Status row: an agent and its profit over the range. */
export function agentStatusRow(agent: {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  profitCents: bigint;
}): AgentStatusResponse['data'][number] {
  return {
    _id: agent.id,
    username: agent.username,
    fullname: fullName(agent.firstName, agent.lastName),
    profit: centsToPoints(agent.profitCents),
  };
}

export function memberElsewhereRow(member: MemberElsewhereCents): MemberElsewhereRow {
  return {
    memberId: member.memberId,
    username: member.username,
    fullname: fullName(member.firstName, member.lastName),
    cafe: member.cafe,
    cafeAgent: member.cafeAgent,
    playPoints: centsToPoints(member.playCents),
    profit: centsToPoints(member.profitCents),
  };
}

/** The account a Balance list is below, as its header shows it. */
export function balanceParent(account: ScopedAccount): BalanceResponse['parent'] {
  return { _id: account.id, username: account.username, fullname: fullName(account.firstName, account.lastName) };
}

/** A breadcrumb step. */
export function pathStep(account: { id: string; username: string }): BalanceResponse['path'][number] {
  return { _id: account.id, username: account.username };
}

/** An account picker's suggestion. */
export function searchResult(account: AccountRecord): AccountSearchResponse['data'][number] {
  return {
    _id: account.id,
    username: account.username,
    fullname: fullName(account.firstName, account.lastName),
    role: account.role,
  };
}
