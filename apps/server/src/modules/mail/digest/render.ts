import {
  formatDayText,
  formatPoints,
  formatWhole,
  isRole,
  MANAGER_ROLES,
  memberPagePath,
  type Role,
  SCREENS,
  type ScreenKey,
} from '@playrep/contracts';
import { centsToPoints } from '../../../lib/money.js';
import type { DayFiguresCents } from '../../insight/today.js';
import { BREAK, type MailBody, type MailTemplate, renderMail } from '../index.js';
import type { DigestFiguresCents } from './figures.js';

/**
 * The daily digest as a mail (docs/domain.md, "The owner's week"): one line per figure or list
 * item, each with the absolute link of the report that explains it (built from PUBLIC_URL, as the
 * statements' links), and the digest's own unsubscribe link at the end.
 */

/** A line of the digest: its words and the report it links to. */
interface Line {
  text: string;
  link: string;
}

interface Section {
  title: string;
  lines: Line[];
  /** Said when the section has no line. */
  none: string;
}

const digestSubject = (day: string) => `Your daily digest for ${formatDayText(day)}`;

/** The absolute address of a screen of `role`'s area, with its query. */
function screenUrl(origin: string, role: Role, key: ScreenKey, query: Record<string, string> = {}): string {
  const screen = SCREENS.find((s) => s.key === key);
  const search = new URLSearchParams(query).toString();
  return `${origin}/${role}/${screen?.path ?? ''}${search ? `?${search}` : ''}`;
}

const points = (cents: bigint) => formatPoints(centsToPoints(cents));

function figureLines(figures: { day: DayFiguresCents; lastWeek: DayFiguresCents }, link: string): Line[] {
  const { day, lastWeek } = figures;
  const rows: [string, string, string][] = [
    ['Profit', points(day.profitCents), points(lastWeek.profitCents)],
    ['Play', points(day.stakeCents), points(lastWeek.stakeCents)],
    ['Plays', formatWhole(day.plays), formatWhole(lastWeek.plays)],
    ['Active members', formatWhole(day.activeMembers), formatWhole(lastWeek.activeMembers)],
  ];
  return rows.map(([label, value, before]) => ({ text: `${label}: ${value} (same day last week: ${before})`, link }));
}

/** The digest's sections, each line with its link. */
export function digestSections(digest: DigestFiguresCents, role: Role, origin: string): Section[] {
  const manager = isRole(role) && (MANAGER_ROLES as readonly Role[]).includes(role);
  const { day } = digest;
  const dayRange = { fromDate: day, toDate: day };
  const dailyStatus = screenUrl(origin, role, 'dailyStatus', { date: day });
  return [
    {
      title: `${formatDayText(day)} against ${formatDayText(digest.lastWeekDay)}`,
      lines: figureLines(digest.figures, dailyStatus),
      none: '',
    },
    {
      title: `Biggest wins (from ${points(digest.thresholdCents)} points)`,
      lines: digest.bigWins.map((win) => ({
        text: `${win.member} won ${points(win.winCents)} on ${points(win.stakeCents)} at ${win.cafe} (${win.cafeMaster}), ${win.game}`,
        link: `${origin}${memberPagePath(role, win.member)}`,
      })),
      none: 'No win at or above your threshold.',
    },
    {
      title: 'Cafes losing most',
      lines: digest.losingCafes.map((cafe) => ({
        text: `${cafe.cafe} (${cafe.master}): ${points(cafe.profitCents)} over ${formatWhole(cafe.plays)} plays`,
        link: screenUrl(origin, role, 'cafeProfit', dayRange),
      })),
      none: 'No cafe lost.',
    },
    {
      title: 'Masters with no play',
      lines: digest.idleMasters.length
        ? [
            {
              text: `${formatWhole(digest.idleMasters.length)}: ${digest.idleMasters.map((m) => m.username).join(', ')}`,
              link: dailyStatus,
            },
          ]
        : [],
      none: 'Every master had play.',
    },
    {
      title: 'Transfers waiting for you',
      lines: digest.waitingTransfers.count
        ? [
            {
              text: `${formatWhole(digest.waitingTransfers.count)} waiting, ${points(digest.waitingTransfers.amountCents)} points`,
              link: screenUrl(origin, role, 'pointTransfer'),
            },
          ]
        : [],
      none: 'No transfer is waiting for you.',
    },
    {
      title: 'Open loans',
      lines: digest.openLoans.count
        ? [
            {
              text: `${formatWhole(digest.openLoans.count)} open, ${points(digest.openLoans.outstandingCents)} points outstanding`,
              link: screenUrl(origin, role, manager ? 'computerLoan' : 'revenue'),
            },
          ]
        : [],
      none: 'No loan is open.',
    },
  ];
}

interface DigestFacts {
  digest: DigestFiguresCents;
  account: { username: string; role: Role };
  links: { publicUrl: string; unsubscribe: string };
}

/** The digest's template: `username`'s day (its role's links), with the link that turns the digest off. */
export const digestTemplate: MailTemplate<DigestFacts> = ({ digest, account, links }) => ({
  subject: digestSubject(digest.day),
  blocks: [
    {
      paragraph: [`Hello ${account.username}, here is ${formatDayText(digest.day)} in your network, as Today shows a whole day.`],
    },
    ...digestSections(digest, account.role, links.publicUrl).map((section) => ({
      section: section.title,
      lines: section.lines,
      none: section.none,
    })),
    {
      paragraph: [
        'You receive this because the daily digest is on in your account page.',
        BREAK,
        { link: links.unsubscribe, label: 'Stop the daily digest', textLead: 'Stop the daily digest: ' },
      ],
    },
  ],
});

export const digestMail = (digest: DigestFiguresCents, account: DigestFacts['account'], links: DigestFacts['links']): MailBody =>
  renderMail(digestTemplate({ digest, account, links }));
