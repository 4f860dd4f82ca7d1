import { formatCount, formatInstant, formatPoints, memberPagePath, screenOf } from '@playrep/contracts';
import { centsToPoints } from '../../../lib/money.js';
import { type Block, type MailBody, type MailTemplate, renderMail } from '../template.js';
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

function alertSubject(wins: readonly AlertWin[]): string {
  const [biggest] = wins;
  if (!biggest) throw new Error('a big-win alert without a win');
  if (wins.length === 1) return `Big win: ${biggest.member} won ${points(biggest.winCents)} points`;
  return `${formatCount(wins.length, 'big win')} in your network, the biggest ${points(biggest.winCents)} points (${biggest.member})`;
}

/** The alert's template: its facts are the person's waiting wins and the back office's address. */
export const alertTemplate: MailTemplate<{ alert: DueAlert; publicUrl: string }> = ({ alert, publicUrl }) => {
  const listed = alert.wins.slice(0, LISTED_WINS);
  const unlisted = alert.wins.length - listed.length;
  const blocks: Block[] = [
    {
      paragraph: [
        `Big wins in your network (${alert.username}), at or above your threshold of ${points(alert.thresholdCents)} points:`,
      ],
    },
    { entries: listed.map((win) => winEntry(win, alert.role, publicUrl)) },
  ];
  if (unlisted > 0) blocks.push({ paragraph: [`And ${formatCount(unlisted, 'more big win')}, smaller than these.`] });
  blocks.push(
    { paragraph: [{ link: `${publicUrl}/${alert.role}/${TODAY_PATH}`, label: 'Open Today', textLead: 'Today: ' }] },
    {
      paragraph: [
        'You receive these alerts because "Email me big wins" is on for your account; turn it off on your account page to stop them.',
      ],
      small: true,
    },
  );
  return { subject: alertSubject(alert.wins), blocks };
};

function winEntry(win: AlertWin, role: DueAlert['role'], publicUrl: string) {
  const draw = win.drawAt ? `draw ${formatInstant(win.drawAt)}` : 'no draw';
  return {
    heading: `${win.member}${win.memberName ? ` (${win.memberName})` : ''} won ${points(win.winCents)} points`,
    details: [
      `Cafe ${win.cafe}, agent ${win.agent}, played ${formatInstant(win.playedAt)}`,
      `${win.game}, ${draw}: play ${points(win.stakeCents)}, win ${points(win.winCents)}`,
    ],
    link: { link: `${publicUrl}${memberPagePath(role, win.member)}`, label: 'Member page', textLead: 'Member page: ' },
  };
}

export const alertMail = (alert: DueAlert, publicUrl: string): MailBody => renderMail(alertTemplate({ alert, publicUrl }));
