// Copies the README's pictures from the last end-to-end run (test-results/screenshots) into
// docs/images: run `npm test` (or the Playwright specs) first, then `npm run docs:images`.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const from = join(root, 'test-results', 'screenshots');
const to = join(root, 'docs', 'images');
const pictures = {
  '05b-calendar-month.png': 'calendar.png',
  '04b-approvals.png': 'approvals.png',
  '11-leave-request-light.png': 'leave-request.png',
  '10-conflicts.png': 'conflicts.png',
  '22-form-analytics.png': 'form-analytics.png',
};
mkdirSync(to, { recursive: true });
let missing = 0;
for (const [shot, name] of Object.entries(pictures)) {
  if (!existsSync(join(from, shot))) {
    process.stderr.write(`missing ${shot}: run the end-to-end tests first\n`);
    missing += 1;
    continue;
  }
  copyFileSync(join(from, shot), join(to, name));
  process.stdout.write(`docs/images/${name}\n`);
}
process.exit(missing ? 1 : 0);
