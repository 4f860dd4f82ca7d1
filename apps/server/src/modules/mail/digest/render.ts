import {
  formatPoints,
  formatWhole,
  isRole,
  type Language,
  MANAGER_ROLES,
  memberPagePath,
  type Role,
  SCREENS,
  type ScreenKey,
} from '@playrep/contracts';
import { centsToPoints } from '../../../lib/money.js';
import type { DayFiguresCents } from '../../insight/today.js';
import { BREAK, type MailBody, type MailTemplate, type MailWords, mailDay, renderMail } from '../index.js';
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

/** The absolute address of a screen of `role`'s area, with its query. */
function screenUrl(origin: string, role: Role, key: ScreenKey, query: Record<string, string> = {}): string {
  const screen = SCREENS.find((s) => s.key === key);
  const search = new URLSearchParams(query).toString();
  return `${origin}/${role}/${screen?.path ?? ''}${search ? `?${search}` : ''}`;
}

const points = (cents: bigint) => formatPoints(centsToPoints(cents));

/** The digest's words, per language (figures, names and days come in written). */
export const DIGEST_WORDS: MailWords<{
  subject(day: string): string;
  hello(username: string, day: string): string;
  figures: { profit: string; play: string; plays: string; activeMembers: string };
  figureLine(label: string, value: string, lastWeek: string): string;
  against(day: string, lastWeekDay: string): string;
  biggestWins(threshold: string): string;
  win(win: { member: string; win: string; stake: string; cafe: string; master: string; game: string }): string;
  noWin: string;
  losingCafes: string;
  losingCafe(cafe: string, master: string, profit: string, plays: string): string;
  noCafeLost: string;
  idleMasters: string;
  noIdleMaster: string;
  waitingTransfers: string;
  waiting(count: string, amount: string): string;
  noTransfer: string;
  openLoans: string;
  loans(count: string, outstanding: string): string;
  noLoan: string;
  why: string;
  stop: string;
}> = {
  en: {
    subject: (day) => `Your daily digest for ${day}`,
    hello: (username, day) => `Hello ${username}, here is ${day} in your network, as Today shows a whole day.`,
    figures: { profit: 'Profit', play: 'Play', plays: 'Plays', activeMembers: 'Active members' },
    figureLine: (label, value, lastWeek) => `${label}: ${value} (same day last week: ${lastWeek})`,
    against: (day, lastWeekDay) => `${day} against ${lastWeekDay}`,
    biggestWins: (threshold) => `Biggest wins (from ${threshold} points)`,
    win: (w) => `${w.member} won ${w.win} on ${w.stake} at ${w.cafe} (${w.master}), ${w.game}`,
    noWin: 'No win at or above your threshold.',
    losingCafes: 'Cafes losing most',
    losingCafe: (cafe, master, profit, plays) => `${cafe} (${master}): ${profit} over ${plays} plays`,
    noCafeLost: 'No cafe lost.',
    idleMasters: 'Masters with no play',
    noIdleMaster: 'Every master had play.',
    waitingTransfers: 'Transfers waiting for you',
    waiting: (count, amount) => `${count} waiting, ${amount} points`,
    noTransfer: 'No transfer is waiting for you.',
    openLoans: 'Open loans',
    loans: (count, outstanding) => `${count} open, ${outstanding} points outstanding`,
    noLoan: 'No loan is open.',
    why: 'You receive this because the daily digest is on in your account page.',
    stop: 'Stop the daily digest',
  },
  hi: {
    subject: (day) => `${day} का आपका दैनिक सारांश`,
    hello: (username, day) => `नमस्ते ${username}, यह रहा आपके नेटवर्क में ${day} का पूरा दिन, जैसे "आज" स्क्रीन पूरा दिन दिखाती है।`,
    figures: { profit: 'लाभ', play: 'खेल', plays: 'खेलों की संख्या', activeMembers: 'सक्रिय सदस्य' },
    figureLine: (label, value, lastWeek) => `${label}: ${value} (पिछले सप्ताह इसी दिन: ${lastWeek})`,
    against: (day, lastWeekDay) => `${day} बनाम ${lastWeekDay}`,
    biggestWins: (threshold) => `सबसे बड़ी जीत (${threshold} पॉइंट से)`,
    win: (w) => `${w.member} ने ${w.cafe} (${w.master}) पर ${w.game} में ${w.stake} के खेल पर ${w.win} जीते`,
    noWin: 'आपकी सीमा या उससे ऊपर की कोई जीत नहीं।',
    losingCafes: 'सबसे ज़्यादा घाटे वाले कैफ़े',
    losingCafe: (cafe, master, profit, plays) => `${cafe} (${master}): ${plays} खेलों में ${profit}`,
    noCafeLost: 'किसी कैफ़े को घाटा नहीं हुआ।',
    idleMasters: 'बिना खेल वाले मास्टर',
    noIdleMaster: 'हर मास्टर के यहाँ खेल हुआ।',
    waitingTransfers: 'आपकी प्रतीक्षा में ट्रांसफ़र',
    waiting: (count, amount) => `${count} प्रतीक्षा में, ${amount} पॉइंट`,
    noTransfer: 'कोई ट्रांसफ़र आपकी प्रतीक्षा में नहीं है।',
    openLoans: 'खुले लोन',
    loans: (count, outstanding) => `${count} खुले, ${outstanding} पॉइंट बाकी`,
    noLoan: 'कोई लोन खुला नहीं है।',
    why: 'यह मेल आपको इसलिए मिली क्योंकि आपके खाते के पेज पर दैनिक सारांश चालू है।',
    stop: 'दैनिक सारांश बंद करें',
  },
};

type Words = (typeof DIGEST_WORDS)[Language];

function figureLines(figures: { day: DayFiguresCents; lastWeek: DayFiguresCents }, link: string, words: Words): Line[] {
  const { day, lastWeek } = figures;
  const rows: [string, string, string][] = [
    [words.figures.profit, points(day.profitCents), points(lastWeek.profitCents)],
    [words.figures.play, points(day.stakeCents), points(lastWeek.stakeCents)],
    [words.figures.plays, formatWhole(day.plays), formatWhole(lastWeek.plays)],
    [words.figures.activeMembers, formatWhole(day.activeMembers), formatWhole(lastWeek.activeMembers)],
  ];
  return rows.map(([label, value, before]) => ({ text: words.figureLine(label, value, before), link }));
}

/** The digest's sections, each line with its link, in `language`. */
export function digestSections(digest: DigestFiguresCents, role: Role, origin: string, language: Language = 'en'): Section[] {
  const words = DIGEST_WORDS[language];
  const day = (iso: string) => mailDay(language, iso);
  const manager = isRole(role) && (MANAGER_ROLES as readonly Role[]).includes(role);
  const dayRange = { fromDate: digest.day, toDate: digest.day };
  const dailyStatus = screenUrl(origin, role, 'dailyStatus', { date: digest.day });
  return [
    {
      title: words.against(day(digest.day), day(digest.lastWeekDay)),
      lines: figureLines(digest.figures, dailyStatus, words),
      none: '',
    },
    {
      title: words.biggestWins(points(digest.thresholdCents)),
      lines: digest.bigWins.map((win) => ({
        text: words.win({
          member: win.member,
          win: points(win.winCents),
          stake: points(win.stakeCents),
          cafe: win.cafe,
          master: win.cafeMaster,
          game: win.game,
        }),
        link: `${origin}${memberPagePath(role, win.member)}`,
      })),
      none: words.noWin,
    },
    {
      title: words.losingCafes,
      lines: digest.losingCafes.map((cafe) => ({
        text: words.losingCafe(cafe.cafe, cafe.master, points(cafe.profitCents), formatWhole(cafe.plays)),
        link: screenUrl(origin, role, 'cafeProfit', dayRange),
      })),
      none: words.noCafeLost,
    },
    {
      title: words.idleMasters,
      lines: digest.idleMasters.count
        ? [
            {
              // The first few by username; "…" when there are more.
              text: `${formatWhole(digest.idleMasters.count)}: ${digest.idleMasters.rows.map((m) => m.username).join(', ')}${
                digest.idleMasters.count > digest.idleMasters.rows.length ? ', …' : ''
              }`,
              link: dailyStatus,
            },
          ]
        : [],
      none: words.noIdleMaster,
    },
    {
      title: words.waitingTransfers,
      lines: digest.waitingTransfers.count
        ? [
            {
              text: words.waiting(formatWhole(digest.waitingTransfers.count), points(digest.waitingTransfers.amountCents)),
              link: screenUrl(origin, role, 'pointTransfer'),
            },
          ]
        : [],
      none: words.noTransfer,
    },
    {
      title: words.openLoans,
      lines: digest.openLoans.count
        ? [
            {
              text: words.loans(formatWhole(digest.openLoans.count), points(digest.openLoans.outstandingCents)),
              link: screenUrl(origin, role, manager ? 'computerLoan' : 'revenue'),
            },
          ]
        : [],
      none: words.noLoan,
    },
  ];
}

interface DigestFacts {
  digest: DigestFiguresCents;
  /** `language`: the recipient's (English when left out). */
  account: { username: string; role: Role; language?: Language | undefined };
  links: { publicUrl: string; unsubscribe: string };
}

/** The digest's template: `username`'s day (its role's links), with the link that turns the digest off, in its language. */
export const digestTemplate: MailTemplate<DigestFacts> = ({ digest, account, links }) => {
  const language = account.language ?? 'en';
  const words = DIGEST_WORDS[language];
  return {
    subject: words.subject(mailDay(language, digest.day)),
    blocks: [
      { paragraph: [words.hello(account.username, mailDay(language, digest.day))] },
      ...digestSections(digest, account.role, links.publicUrl, language).map((section) => ({
        section: section.title,
        lines: section.lines,
        none: section.none,
      })),
      { paragraph: [words.why, BREAK, { link: links.unsubscribe, label: words.stop, textLead: `${words.stop}: ` }] },
    ],
  };
};

export const digestMail = (digest: DigestFiguresCents, account: DigestFacts['account'], links: DigestFacts['links']): MailBody =>
  renderMail(digestTemplate({ digest, account, links }));
