/**
 * node --import tsx scripts/generate-icons.ts — draws the installable app's icons from
 * src/web/public/favicon.svg with Debian's Chromium (CHROME_PATH, default
 * /usr/bin/chromium; no download) and writes them to src/web/public/icons/, where they are
 * committed. Run it again after changing the favicon.
 *
 * - icon-192.png, icon-512.png: the favicon as it is (rounded square, transparent corners).
 * - icon-maskable-512.png: full-bleed brand colour with the mark inside the central 80 %
 *   circle that launchers may cut to any shape (the maskable safe zone).
 * - apple-touch-icon.png (180 × 180): the maskable drawing; iOS fills transparency with
 *   black and rounds the corners itself.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PUBLIC_DIR = path.join(ROOT, 'src/web/public');
const ICONS_DIR = path.join(PUBLIC_DIR, 'icons');

/** The favicon's mark on a full square of its own background colour, scaled into the safe zone. */
export function maskableSvg(favicon: string): string {
  const rect = /<rect\b[^>]*\bfill="(#[0-9a-fA-F]{3,8})"[^>]*\/>/.exec(favicon);
  const open = /<svg\b[^>]*>/.exec(favicon);
  if (!rect || !open) throw new Error('favicon.svg: expected an <svg> with a filled <rect> background');
  const mark = favicon.slice(open.index + open[0].length).replace(rect[0], '').replace(/<\/svg>\s*$/, '');
  // the mark spans about 44 of 64 units; at 0.72 its corners stay inside the 40 % radius circle
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${rect[1]}"/>` +
    `<g transform="translate(32 32) scale(0.72) translate(-32 -32)">${mark}</g></svg>`
  );
}

async function main(): Promise<void> {
  const favicon = await readFile(path.join(PUBLIC_DIR, 'favicon.svg'), 'utf8');
  const maskable = maskableSvg(favicon);
  const outputs: { file: string; svg: string; size: number }[] = [
    { file: 'icon-192.png', svg: favicon, size: 192 },
    { file: 'icon-512.png', svg: favicon, size: 512 },
    { file: 'icon-maskable-512.png', svg: maskable, size: 512 },
    { file: 'apple-touch-icon.png', svg: maskable, size: 180 },
  ];
  await mkdir(ICONS_DIR, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const { file, svg, size } of outputs) {
      const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
      const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
      await page.setContent(`<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`);
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
      await writeFile(path.join(ICONS_DIR, file), png);
      await page.close();
      console.log(`${path.relative(ROOT, path.join(ICONS_DIR, file))}: ${size} × ${size}, ${png.length} bytes`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
