import {
  formatCount,
  formatInstant,
  formatPoints,
  formatWhole,
  type Language,
  memberPagePath,
  screenOf,
} from '@playrep/contracts';
import { centsToPoints } from '../../../lib/money.js';
import { type Block, type MailBody, type MailTemplate, renderMail } from '../template.js';
import type { MailWords } from '../words.js';
import type { AlertWin, DueAlert } from './waiting-wins.js';

/**
 * The big-win alert mail (docs/domain.md, "The owner's week"): every win waiting for the person,
 * biggest first, each with its member, cafe, agent, game, draw, play and win, and links to the
 * member's page and to Today. Written when the alert is made (the figures as the wins arrived).
 */

const TODAY_PATH = screenOf('today').path;
/**
 * The wins a mail lists, biggest first: a server that was stopped for days catches the live demo up
 * (or a platform its backlog), and a mail of hundreds of wins helps nobody; the rest are counted.
 */
const LISTED_WINS = 20;
const points = (cents: bigint) => formatPoints(centsToPoints(cents));

/** The alert's words, per language (figures, names and instants come in written). */
export const ALERT_WORDS: MailWords<{
  oneWin(member: string, win: string): string;
  wins(count: number, biggest: string, member: string): string;
  intro(username: string, threshold: string): string;
  more(count: number): string;
  openToday: string;
  todayLead: string;
  why: string;
  won(member: string, win: string): string;
  where(cafe: string, agent: string, playedAt: string): string;
  draw(at: string): string;
  noDraw: string;
  played(game: string, draw: string, stake: string, win: string): string;
  memberPage: string;
}> = {
  en: {
    oneWin: (member, win) => `Big win: ${member} won ${win} points`,
    wins: (count, biggest, member) =>
      `${formatCount(count, 'big win')} in your network, the biggest ${biggest} points (${member})`,
    intro: (username, threshold) => `Big wins in your network (${username}), at or above your threshold of ${threshold} points:`,
    more: (count) => `And ${formatCount(count, 'more big win')}, smaller than these.`,
    openToday: 'Open Today',
    todayLead: 'Today: ',
    why: 'You receive these alerts because "Email me big wins" is on for your account; turn it off on your account page to stop them.',
    won: (member, win) => `${member} won ${win} points`,
    where: (cafe, agent, playedAt) => `Cafe ${cafe}, agent ${agent}, played ${playedAt}`,
    draw: (at) => `draw ${at}`,
    noDraw: 'no draw',
    played: (game, draw, stake, win) => `${game}, ${draw}: play ${stake}, win ${win}`,
    memberPage: 'Member page',
  },
  hi: {
    oneWin: (member, win) => `बड़ी जीत: ${member} ने ${win} पॉइंट जीते`,
    wins: (count, biggest, member) => `आपके नेटवर्क में ${formatWhole(count)} बड़ी जीत, सबसे बड़ी ${biggest} पॉइंट की (${member})`,
    intro: (username, threshold) => `आपके नेटवर्क (${username}) में बड़ी जीत, आपकी ${threshold} पॉइंट की सीमा या उससे ऊपर:`,
    more: (count) => `और ${formatWhole(count)} बड़ी जीत, इनसे छोटी।`,
    openToday: '"आज" खोलें',
    todayLead: 'आज: ',
    why: 'ये अलर्ट आपको इसलिए मिलते हैं क्योंकि आपके खाते के लिए "बड़ी जीत मुझे ईमेल करें" चालू है; इन्हें रोकने के लिए इसे अपने खाते के पेज पर बंद करें।',
    won: (member, win) => `${member} ने ${win} पॉइंट जीते`,
    where: (cafe, agent, playedAt) => `कैफ़े ${cafe}, एजेंट ${agent}, खेला गया ${playedAt}`,
    draw: (at) => `ड्रॉ ${at}`,
    noDraw: 'कोई ड्रॉ नहीं',
    played: (game, draw, stake, win) => `${game}, ${draw}: खेल ${stake}, जीत ${win}`,
    memberPage: 'सदस्य पेज',
  },
};

type Words = (typeof ALERT_WORDS)[Language];

function alertSubject(wins: readonly AlertWin[], words: Words): string {
  const [biggest] = wins;
  if (!biggest) throw new Error('a big-win alert without a win');
  if (wins.length === 1) return words.oneWin(biggest.member, points(biggest.winCents));
  return words.wins(wins.length, points(biggest.winCents), biggest.member);
}

/** The alert's template: its facts are the person's waiting wins (and its language) and the back office's address. */
export const alertTemplate: MailTemplate<{ alert: DueAlert; publicUrl: string }> = ({ alert, publicUrl }) => {
  const words = ALERT_WORDS[alert.language ?? 'en'];
  const listed = alert.wins.slice(0, LISTED_WINS);
  const unlisted = alert.wins.length - listed.length;
  const blocks: Block[] = [
    { paragraph: [words.intro(alert.username, points(alert.thresholdCents))] },
    { entries: listed.map((win) => winEntry(win, alert.role, publicUrl, words)) },
  ];
  if (unlisted > 0) blocks.push({ paragraph: [words.more(unlisted)] });
  blocks.push(
    { paragraph: [{ link: `${publicUrl}/${alert.role}/${TODAY_PATH}`, label: words.openToday, textLead: words.todayLead }] },
    { paragraph: [words.why], small: true },
  );
  return { subject: alertSubject(alert.wins, words), blocks };
};

function winEntry(win: AlertWin, role: DueAlert['role'], publicUrl: string, words: Words) {
  const draw = win.drawAt ? words.draw(formatInstant(win.drawAt)) : words.noDraw;
  return {
    heading: words.won(`${win.member}${win.memberName ? ` (${win.memberName})` : ''}`, points(win.winCents)),
    details: [
      words.where(win.cafe, win.agent, formatInstant(win.playedAt)),
      words.played(win.game, draw, points(win.stakeCents), points(win.winCents)),
    ],
    link: { link: `${publicUrl}${memberPagePath(role, win.member)}`, label: words.memberPage, textLead: `${words.memberPage}: ` },
  };
}

export const alertMail = (alert: DueAlert, publicUrl: string): MailBody => renderMail(alertTemplate({ alert, publicUrl }));
