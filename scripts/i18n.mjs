// The catalogs: the English one extracted from the renderer's messages (their ids and English
// words are written where they are used), and every language's compiled to the AST the page loads
// (no message parsed at run time). Run after adding or changing a message, or a translation.
// With `--out <dir>` it writes there instead (en.json, compiled/<locale>.json): the catalogs' test
// compares that with what the repository holds.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const catalogs = join(root, 'src-shared', 'i18n', 'catalogs');
const at = process.argv.indexOf('--out');
const out = at > 0 ? process.argv[at + 1] : null;
const english = out ? join(out, 'en.json') : join(catalogs, 'en.json');
const compiled = out ? join(out, 'compiled') : join(root, 'src-renderer', 'i18n', 'compiled');
const formatjs = (...args) => execFileSync('npx', ['formatjs', ...args], { cwd: root, stdio: 'inherit' });

mkdirSync(compiled, { recursive: true });
formatjs(
  'extract',
  '{src-renderer,src-shared}/**/*.{ts,tsx}',
  '--ignore',
  '**/*.d.ts',
  '--format',
  'simple',
  '--throws',
  '--out-file',
  english,
);
for (const file of readdirSync(catalogs).filter((f) => f.endsWith('.json'))) {
  const source = file === 'en.json' ? english : join(catalogs, file);
  formatjs('compile', source, '--format', 'simple', '--ast', '--out-file', join(compiled, file));
}
