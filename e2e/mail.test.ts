import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousAxeFindings } from './accessibility.js';
import { expectPath, login, useBrowser } from './harness.js';
import { bodyRows, headers } from './report-tables.js';

// Mail on the small demo network, embedded database, no mail server (docs/domain.md, "Demo data"):
// master1 and am1 have confirmed addresses, so the closed weeks' statements are held in the outbox.

/** expect.poll with room for a loaded machine. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000, interval: 100 });

async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 20_000 });
  await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

async function pdfText(file: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(file)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('Agent Mail as PDF', () => {
  const e2e = useBrowser();

  test('the PDF link downloads the statement as a PDF whose text names the week shown', async () => {
    const { page } = e2e;
    await login(page, 'master1');
    await expectPath(page, '/master/reports/pointtransfer', 20_000);
    await open(page, '/master/mailreports/agentmaildetails', 'Agent Mail Details');
    const heading = page.getByRole('heading', { level: 2, name: /^From \d\d-[A-Z][a-z]{2}-\d{4} to \d\d-[A-Z][a-z]{2}-\d{4}$/ });
    const week = ((await heading.textContent()) ?? '').trim();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^agent-mail-master1-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.pdf$/);
    const text = await pdfText((await download.path())!);
    expect(text).toContain('Agent Mail Details: master1');
    expect(text).toContain(week);
    expect(text).toContain('Statement summary');
  });
});

describe('the Mail screen as superadmin', () => {
  const e2e = useBrowser();

  test('lists the demo’s held statements, previews one, says a retry stays held, and is axe clean', async () => {
    const { page } = e2e;
    await login(page, 'superadmin');
    await expectPath(page, '/superadmin/reports/pointtransfer', 20_000);
    await page.getByRole('button', { name: 'Administration' }).waitFor();
    await open(page, '/superadmin/admin/mail', 'Mail');
    const table = page.getByRole('table', { name: 'Mail' });
    await table.waitFor();
    expect(await headers(table)).toEqual([
      'Queued',
      'State',
      'Kind',
      'Recipient',
      'Account',
      'Week',
      'Attempts',
      'Last Answer',
      'Sent',
      'Actions',
    ]);
    const rows = await bodyRows(table);
    expect(rows.length).toBeGreaterThan(0);
    const recipients = new Set(rows.map((row) => row[3]));
    expect([...recipients].sort()).toEqual(['am1@example.com', 'master1@example.com']);
    for (const row of rows) {
      expect(row[1]).toBe('Held');
      expect(row[7]).toBe('held: no mail server configured');
    }
    expect(await page.getByLabel('Mails by state').textContent()).toMatch(
      /^Pending: 0 · Held: \d+ · Sent: 0 · Failed: 0 · Cancelled: \d+ · Expired: \d+$/,
    );
    expect(await seriousAxeFindings(page)).toEqual([]);

    // The preview: the statement as it would be sent now, its PDF named. After the digest hour the
    // day's digests are held too (their body is kept as written), so pick a statement's row.
    const statementRow = table
      .getByRole('row')
      .filter({ hasText: /Mail statement/ })
      .first();
    await statementRow.getByRole('button', { name: /^Preview mail/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Not sent yet: the body as it would be sent now.').waitFor({ timeout: 20_000 });
    expect(await dialog.getByLabel('Body of the mail').textContent()).toMatch(/Mail Details of (am1|master1)/);
    expect(await dialog.getByText(/^Attached: .*\.pdf$/).count()).toBe(1);
    await page.waitForTimeout(300); // the modal's fade-in, before axe looks at it
    expect(await seriousAxeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Retry now: without a mail server the mail is held again, and the screen says so.
    await statementRow.getByRole('button', { name: /^Retry now/ }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'The mail is held until a mail server is configured (SMTP_URL).' })
      .waitFor();
  });

  test('the preview of a password reset mail shows no secret, Discard closes it, Discard all held asks first (390 px)', async () => {
    const { page } = e2e;
    await page.goto('/auth/forgot');
    await page.getByLabel('Username').fill('master1');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText('If this account has a confirmed email address', { exact: false }).waitFor({ timeout: 20_000 });

    await login(page, 'superadmin');
    await expectPath(page, '/superadmin/reports/pointtransfer', 20_000);
    await open(page, '/superadmin/admin/mail?kind=password-reset', 'Mail');
    const table = page.getByRole('table', { name: 'Mail' });
    const [newest] = await bodyRows(table);
    expect([newest![1], newest![2], newest![3]]).toEqual([
      expect.stringMatching(/^(Pending|Held)$/),
      'Password reset link',
      'master1@example.com',
    ]);

    await table
      .getByRole('button', { name: /^Preview mail/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    const body = dialog.getByLabel('Body of the mail');
    await body.waitFor({ timeout: 20_000 });
    const text = (await body.textContent()) ?? '';
    expect(text).toContain('/auth/welcome#(hidden)');
    expect(text).not.toMatch(/#[A-Za-z0-9_-]{20,}/);
    await dialog.getByText('Links that carry a secret show it as (hidden): this preview cannot be used to open them.').waitFor();
    await page.waitForTimeout(300); // the modal's fade-in, before axe looks at it
    expect(await seriousAxeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Left as the demo was: the reset mail is discarded, never sent.
    await table
      .getByRole('button', { name: /^Discard mail/ })
      .first()
      .click();
    await page.getByRole('status').filter({ hasText: 'The mail was discarded: it will not be sent.' }).waitFor();
    await poll(async () => (await bodyRows(table))[0]?.[1]).toBe('Cancelled');

    // On a 390 px phone: nothing scrolls sideways but the table; Discard all held asks first, and Cancel discards nothing.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const counts = await page.getByLabel('Mails by state').textContent();
    await page.getByRole('button', { name: /^Discard all held \(\d+\)$/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard all held mail' });
    await confirm.getByText(/^Discard all \d+ held mails\? They are never sent/).waitFor();
    await page.waitForTimeout(300);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).press('Enter');
    await confirm.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Mails by state').textContent()).toBe(counts);
  });
});
