import type { AgentRow } from '@playrep/contracts';
import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../lib/i18n/language';
import { KEPT_IN_EVERY_LANGUAGE, latinWordsLeft } from '../../test/english-left';
import { pageOf } from '../../test/paged-list';
import { renderApp, signInAs } from '../../test/render-app';
import { PAGE_LOAD, reportServer } from '../../test/report-server';
import { columnHeaders } from '../../test/table-text';
import { agent } from './test-agent';

configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  await act(() => chooseLanguage('en'));
});

const DAY = '2025-03-05';
const STATUS_ROWS = [
  { _id: 'u-master1', username: 'master1', fullname: 'Manoj Patel', address: 'Pune', profit: 1250.5, playedElsewhere: true },
  { _id: 'u-master2', username: 'master2', fullname: 'Meena Rao', address: 'Nashik', profit: -300.25, playedElsewhere: false },
];

// sam1 > am1 > master1 > player1
const tree: Record<string, AgentRow[]> = {
  sam1: [agent('am1', { role: 'areamanager', walletBalance: 5000 })],
  am1: [agent('master1', { walletBalance: 1200.5 })],
  master1: [agent('player1', { walletBalance: 10.25 })],
  player1: [],
};
const pathTo: Record<string, string[]> = {
  am1: ['sam1', 'am1'],
  master1: ['sam1', 'am1', 'master1'],
  player1: ['sam1', 'am1', 'master1', 'player1'],
};
const ref = (username: string) => ({ _id: `u-${username}`, username });
const parent = (username: string) => ({ _id: `u-${username}`, username, fullname: `${username} name` });
const inactive = ['master3', 'master4', 'master5', 'master6'].map((u) => agent(u, { userStatus: false }));

function server() {
  return reportServer({
    dailystatus: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, data: STATUS_ROWS, totalProfit: 950.25 }),
    dailystatusmembers: (q) => ({
      fromDate: q.fromDate,
      toDate: q.toDate,
      agent: q.agentId,
      data: [
        {
          memberId: 'u-player1',
          username: 'player1',
          fullname: 'Pia Rao',
          cafe: 'Cafe Two',
          cafeAgent: 'master2',
          playPoints: 40,
          profit: 12,
        },
      ],
    }),
    agentdetails: () => ({ data: [agent('master1', { address: 'Pune', commission: 15 })] }),
    findstatus: (q) => ({ fromDate: q.fromDate, toDate: q.toDate, data: STATUS_ROWS }),
    balancereport: () => ({ parent: parent('sam1'), path: [ref('sam1')], data: tree.sam1 }),
    balancechildren: (q) => ({ parent: parent(q.agentId!), path: pathTo[q.agentId!]!.map(ref), data: tree[q.agentId!] ?? [] }),
    nonperforming: (q) => ({ totalAgents: 9, inactiveAgents: inactive.length, ...pageOf(inactive, q) }),
  });
}

async function inHindi(role: 'master' | 'areamanager' | 'superareamanager' | 'admin', path: string) {
  server();
  signInAs(role);
  await act(() => chooseLanguage('hi'));
  return renderApp(path);
}

describe('the network screens in Hindi', () => {
  it('Daily Status and its members popup read in Hindi, the day with its Hindi month', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = await inHindi('areamanager', `/areamanager/reports/dailystatus?date=${DAY}`);
    const table = await screen.findByRole('table', { name: 'दैनिक स्थिति' }, PAGE_LOAD);
    await within(table).findByText('master1');
    expect(screen.getByText('05-मार्च-2025 का लाभ')).toBeTruthy();
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
    await user.click(within(table).getByRole('button', { name: /^1,250\.50: master1 के वे सदस्य दिखाएँ/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'master1 के वे सदस्य जिन्होंने 05-मार्च-2025 को दूसरे एजेंटों के कैफ़े में खेला',
    });
    await within(dialog).findByText('player1');
    expect(latinWordsLeft(dialog, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('Agent Details reads in Hindi', async () => {
    const { container } = await inHindi('areamanager', '/areamanager/reports/agentdetails');
    const table = await screen.findByRole('table', { name: 'एजेंट विवरण' }, PAGE_LOAD);
    await within(table).findByText('master1');
    expect(columnHeaders(table)).toContain('एजेंट आईडी');
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('Agent Status reads in Hindi, its Agent ID field saying every agent', async () => {
    const { container } = await inHindi('areamanager', `/areamanager/reports/agenstatus?date=${DAY}`);
    const table = await screen.findByRole('table', { name: 'एजेंट स्थिति' }, PAGE_LOAD);
    await within(table).findByText('master2');
    expect(screen.getByPlaceholderText('सभी एजेंट')).toBeTruthy();
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('Balance Report and its child accounts popup read in Hindi, the path kept as usernames', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = await inHindi('superareamanager', '/superareamanager/reports/balancereport');
    const table = await screen.findByRole('table', { name: 'बैलेंस रिपोर्ट' }, PAGE_LOAD);
    await within(table).findByText('am1');
    expect(screen.getByRole('button', { name: 'खोजें' })).toBeTruthy();
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
    await user.click(within(table).getByRole('button', { name: 'am1: नीचे के खाते दिखाएँ' }));
    const dialog = await screen.findByRole('dialog', { name: 'am1 के नीचे के खाते' });
    await user.click(await within(dialog).findByRole('button', { name: 'master1: इसके नीचे के खाते दिखाएँ' }));
    await user.click(await within(dialog).findByRole('button', { name: 'player1: इसके नीचे के खाते दिखाएँ' }));
    expect(await within(dialog).findByText('कोई डेटा नहीं है')).toBeTruthy();
    expect(within(dialog).getByRole('navigation', { name: 'खाते का रास्ता' })).toBeTruthy();
    expect(latinWordsLeft(dialog, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });

  it('Non Performing CCS reads in Hindi', async () => {
    const { container } = await inHindi('admin', '/admin/reports/nonperfomeragent');
    await screen.findByRole('heading', { level: 1, name: 'निष्क्रिय CCS' }, PAGE_LOAD);
    expect(await screen.findByRole('group', { name: 'कुल एजेंट' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'निष्क्रिय एजेंट (साइन इन नहीं कर सकते)' })).toBeTruthy();
    await within(screen.getByRole('table', { name: 'निष्क्रिय एजेंट' })).findByText('master3');
    expect(latinWordsLeft(container, KEPT_IN_EVERY_LANGUAGE)).toEqual([]);
  });
});
