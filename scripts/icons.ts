/**
 * Renders the app icons in public/icons from one drawing (`npm run icons`), with Chromium: the
 * PNG sizes the web app manifest asks for, and a maskable variant with room around the mark.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';

const output = resolve(import.meta.dirname, '../public/icons');

/** The mark on a full square; `inset` is the margin (in a 100-unit box) kept around it. */
function drawing(inset: number, rounded: boolean): string {
  const scale = (100 - 2 * inset) / 100;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="${rounded ? 22 : 0}" fill="#3451d1"/>
  <g transform="translate(${inset} ${inset}) scale(${scale})" stroke="#fff" stroke-width="8"
     stroke-linecap="round" fill="none">
    <path d="M26 34h48M26 50h48M26 66h30"/>
  </g>
</svg>`;
}

const icons = [
  { name: 'icon-192.png', size: 192, svg: drawing(0, true) },
  { name: 'icon-512.png', size: 512, svg: drawing(0, true) },
  { name: 'maskable-512.png', size: 512, svg: drawing(10, false) },
];

async function main(): Promise<void> {
  await mkdir(output, { recursive: true });
  await writeFile(resolve(output, 'icon.svg'), drawing(0, true));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const icon of icons) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
      const source = `data:image/svg+xml,${encodeURIComponent(icon.svg)}`;
      await page.setContent(
        `<body style="margin:0;background:transparent"><img src="${source}" width="${icon.size}" height="${icon.size}"></body>`,
      );
      await page
        .locator('img')
        .screenshot({ path: resolve(output, icon.name), omitBackground: true });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`wrote ${icons.map((icon) => icon.name).join(', ')} and icon.svg to ${output}`);
}

await main();
