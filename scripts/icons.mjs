#!/usr/bin/env node
// `npm run icons`: the app's icons from resources/icon.svg, drawn by Chromium (the e2e browser):
// PNGs of each size under resources/icons/, the tray's resources/tray.png, and the containers
// Windows and macOS want (icon.ico, icon.icns) holding those PNGs. Run after changing the SVG.
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_LAUNCH } from '../test/support/chromiumLaunch';

const root = join(import.meta.dirname, '..');
const resources = join(root, 'resources');
const svg = readFileSync(join(resources, 'icon.svg'), 'utf8');
const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

const browser = await chromium.launch(CHROMIUM_LAUNCH);
const png = {};
try {
  const page = await browser.newPage();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    png[size] = await page.locator('svg').screenshot({ omitBackground: true });
  }
} finally {
  await browser.close();
}

mkdirSync(join(resources, 'icons'), { recursive: true });
for (const size of SIZES) writeFileSync(join(resources, 'icons', `${size}x${size}.png`), png[size]);
writeFileSync(join(resources, 'tray.png'), png[32]);

// ICO: a directory of PNG images (Windows Vista and later read PNG entries).
const ico = [16, 24, 32, 48, 64, 128, 256];
const header = Buffer.alloc(6 + 16 * ico.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(ico.length, 4);
let offset = header.length;
ico.forEach((size, i) => {
  const at = 6 + 16 * i;
  header.writeUInt8(size === 256 ? 0 : size, at);
  header.writeUInt8(size === 256 ? 0 : size, at + 1);
  header.writeUInt16LE(1, at + 4);
  header.writeUInt16LE(32, at + 6);
  header.writeUInt32LE(png[size].length, at + 8);
  header.writeUInt32LE(offset, at + 12);
  offset += png[size].length;
});
writeFileSync(join(resources, 'icon.ico'), Buffer.concat([header, ...ico.map((s) => png[s])]));

// ICNS: typed PNG entries (ic07…ic10: 128 to 1024; icp4…icp6: 16 to 64).
const icns = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
];
const entries = icns.map(([type, size]) => {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'ascii');
  head.writeUInt32BE(8 + png[size].length, 4);
  return Buffer.concat([head, png[size]]);
});
const total = 8 + entries.reduce((n, e) => n + e.length, 0);
const icnsHead = Buffer.alloc(8);
icnsHead.write('icns', 0, 'ascii');
icnsHead.writeUInt32BE(total, 4);
writeFileSync(join(resources, 'icon.icns'), Buffer.concat([icnsHead, ...entries]));
console.log(`icons: ${SIZES.length} PNG sizes, tray.png, icon.ico, icon.icns in resources/`);
