import type { TransferReportResponse, TransferRow, TransferSectionKey } from '@playrep/contracts';

/** Builders for the transfer report the stubbed server answers with in this feature's tests. */

export const ACCOUNTS = {
  player1: { _id: 'a-player1', username: 'player1', firstName: 'Pia', lastName: 'Rao', role: 'player' },
  player7: { _id: 'a-player7', username: 'player7', firstName: 'Ravi', lastName: 'Kumar', role: 'player' },
  house: { _id: 'a-house', username: 'HOUSE', firstName: 'House', lastName: '', role: 'house' },
};

let next = 0;

export function transfer(
  direction: 'sent' | 'received',
  other: keyof typeof ACCOUNTS,
  amount: number,
  createdAt: string,
  status: TransferRow['status'] = 'accepted',
): TransferRow {
  const account = ACCOUNTS[other];
  return {
    _id: `t${++next}`,
    amount,
    createdAt,
    resolvedAt: null,
    status,
    channel: 'single',
    type: other === 'house' ? 'G' : 'P',
    direction,
    ...(direction === 'sent' ? { toUserId: account } : { userId: account }),
  };
}

export function emptySections(): TransferReportResponse['data'] {
  return { transferred: [], transferredNotReceived: [], received: [], yetToBeReceived: [], rejected: [], cancelled: [] };
}

export function report(
  range: { fromDate: string; toDate: string },
  sections: Partial<Record<TransferSectionKey, TransferRow[]>>,
): TransferReportResponse {
  return { success: true, range, data: { ...emptySections(), ...sections } };
}
