import { describe, expect, it } from 'vitest';
import { alertMail } from './alert-mail.js';
import type { AlertWin, DueAlert } from './waiting-wins.js';

/** The alert mail of a long wait (a server stopped for days catching up): the 20 biggest listed, the rest counted. */
describe('the big-win alert mail', () => {
  const win = (n: number): AlertWin => ({
    newsId: n,
    playedAt: new Date('2025-03-12T06:30:00Z'),
    member: `player${n}`,
    memberName: '',
    agent: 'master1',
    cafe: 'Cafe One',
    game: 'Fun Target',
    drawAt: null,
    stakeCents: 120_000n,
    // Biggest first, as the alert hands them over.
    winCents: BigInt(5_000_000 - n * 10_000),
  });
  const alert = (count: number): DueAlert => ({
    accountId: '00000000-0000-4000-8000-000000000001',
    username: 'am1',
    role: 'areamanager',
    email: 'am1@example.com',
    thresholdCents: 1_000_000n,
    wins: Array.from({ length: count }, (_, i) => win(i + 1)),
  });

  it('lists the 20 biggest wins and counts the others', () => {
    const mail = alertMail(alert(25), 'https://bo.example.com');
    expect(mail.subject).toBe('25 big wins in your network, the biggest 49,900.00 points (player1)');
    const listed = mail.text.split('\n').filter((line) => / won [\d,.]+ points$/.test(line));
    expect(listed).toHaveLength(20);
    expect(listed[19]).toBe('player20 won 48,000.00 points');
    expect(mail.text).toContain('And 5 more big wins, smaller than these.');
    expect(mail.text).not.toContain('player21');
    expect(mail.html).toContain('<p>And 5 more big wins, smaller than these.</p>');
  });

  it('lists every win of a shorter wait, and a win without a draw says so', () => {
    const mail = alertMail(alert(2), 'https://bo.example.com');
    expect(mail.text).not.toContain('more big win');
    expect(mail.text).toContain('  Fun Target, no draw: play 1,200.00, win 49,900.00');
  });
});
