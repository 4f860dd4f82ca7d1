import { formatCount, formatInstant, formatPoints, memberPagePath, SCREENS } from '@playrep/contracts';
import { escapeHtml } from '../../../lib/html.js';
import { centsToPoints } from '../../../lib/money.js';
import type { AlertWin, DueAlert } from './waiting-wins.js';

/**
 * The big-win alert mail (docs/domain.md, "The owner's week"): every win waiting for the person,
 * biggest first, each with its member, cafe, agent, game, draw, play and win, and links to the
 * member's page and to Today. Written when the alert is made (the figures as the wins arrived).
 */
export interface AlertMail {
  subject: string;
  text: string;
  html: string;
}

const TODAY_PATH = SCREENS.find((screen) => screen.key === 'today')!.path;
/**
 * The wins a mail lists, biggest first: a server that was stopped for days catches the live demo up
 * (or a platform its backlog), and a mail of hundreds of wins helps nobody; the rest are counted.
 */
const LISTED_WINS = 20;
const points = (cents: bigint) => formatPoints(centsToPoints(cents));

function alertSubject(wins: readonly AlertWin[]): string {
  const biggest = wins[0]!;
  if (wins.length === 1) return `Big win: ${biggest.member} won ${points(biggest.winCents)} points`;
  return `${formatCount(wins.length, 'big win')} in your network, the biggest ${points(biggest.winCents)} points (${biggest.member})`;
}

interface WinLines {
  heading: string;
  where: string;
  figures: string;
  memberLink: string;
}

function winLines(win: AlertWin, role: DueAlert['role'], publicUrl: string): WinLines {
  const draw = win.drawAt ? `draw ${formatInstant(win.drawAt)}` : 'no draw';
  return {
    heading: `${win.member}${win.memberName ? ` (${win.memberName})` : ''} won ${points(win.winCents)} points`,
    where: `Cafe ${win.cafe}, agent ${win.agent}, played ${formatInstant(win.playedAt)}`,
    figures: `${win.game}, ${draw}: play ${points(win.stakeCents)}, win ${points(win.winCents)}`,
    memberLink: `${publicUrl}${memberPagePath(role, win.member)}`,
  };
}

export function alertMail(alert: DueAlert, publicUrl: string): AlertMail {
  const lines = alert.wins.slice(0, LISTED_WINS).map((win) => winLines(win, alert.role, publicUrl));
  const unlisted = alert.wins.length - lines.length;
  const more = unlisted > 0 ? `And ${formatCount(unlisted, 'more big win')}, smaller than these.` : null;
  const today = `${publicUrl}/${alert.role}/${TODAY_PATH}`;
  const intro = `Big wins in your network (${alert.username}), at or above your threshold of ${points(alert.thresholdCents)} points:`;
  const optOut =
    'You receive these alerts because "Email me big wins" is on for your account; turn it off on your account page to stop them.';
  const text = [
    intro,
    '',
    ...lines.flatMap((line) => [line.heading, `  ${line.where}`, `  ${line.figures}`, `  Member page: ${line.memberLink}`, '']),
    ...(more ? [more, ''] : []),
    `Today: ${today}`,
    '',
    optOut,
  ].join('\n');
  const items = lines
    .map(
      (line) =>
        `<li style="margin-bottom:8px"><a href="${escapeHtml(line.memberLink)}"><strong>${escapeHtml(line.heading)}</strong></a><br>` +
        `${escapeHtml(line.where)}<br>${escapeHtml(line.figures)}</li>`,
    )
    .join('\n');
  const html = `<p>${escapeHtml(intro)}</p>
<ul style="font-size:14px;padding-left:18px">
${items}
</ul>
${more ? `<p>${escapeHtml(more)}</p>\n` : ''}<p><a href="${escapeHtml(today)}">Open Today</a></p>
<p style="font-size:12px;color:#495057">${escapeHtml(optOut)}</p>`;
  return { subject: alertSubject(alert.wins), text, html };
}
