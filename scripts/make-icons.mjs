// Renders the app's icons (the web app manifest's PNGs) from apps/web/public/logo.svg with the
// system chromium: `node scripts/make-icons.mjs`. The maskable icon fills its whole square with
// the logo's blue, so that a launcher's mask (circle, squircle) never cuts into the white mark.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = path.join(import.meta.dirname, '..', 'apps', 'web', 'public');
const logo = readFileSync(path.join(publicDir, 'logo.svg'), 'utf8');
const fullBleed = logo.replace(/<rect([^>]*) rx="\d+"/, '<rect$1');
if (fullBleed === logo) throw new Error('logo.svg has no rounded <rect> to square off for the maskable icon');

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: path.join(publicDir, 'icons', file), omitBackground: true });
    await page.close();
    console.log(`apps/web/public/icons/${file}: ${size}x${size}`);
  }
} finally {
  await browser.close();
}
