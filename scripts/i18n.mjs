// The catalogs, two sets: the app's (the renderer's, the rulebook's and the backend's messages: what a
// person reads in the app, refusals included) and the service's own (mails, its problem details).
// Each English catalog is extracted from the code (ids and English words are written where they
// are used); every language's is compiled to the AST the programs load (no message parsed at run
// time). Run after adding or changing a message, or a translation.
// With `--out <dir>` it writes there instead (<set>/en.json, <set>/compiled/<locale>.json): the
// catalogs' test compares that with what the repository holds.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const at = process.argv.indexOf('--out');
const out = at > 0 ? process.argv[at + 1] : null;
const formatjs = (...args) => execFileSync('npx', ['formatjs', ...args], { cwd: root, stdio: 'inherit' });

const SETS = [
  {
    name: 'app',
    sources: '{src-renderer,src-shared,src-main/core}/**/*.{ts,tsx}',
    home: join(root, 'src-shared', 'i18n'),
    // The shared code's own messages (the rulebook's), in English: what it says where it raises an
    // issue, without the views' words.
    shared: 'src-shared/**/*.ts',
    pseudo: ['en-XA', 'en-XB'],
  },
  { name: 'service', sources: 'src-server/**/*.ts', home: join(root, 'src-server', 'i18n') },
];

for (const set of SETS) {
  const catalogs = join(set.home, 'catalogs');
  const english = out ? join(out, set.name, 'en.json') : join(catalogs, 'en.json');
  const compiled = out ? join(out, set.name, 'compiled') : join(set.home, 'compiled');
  mkdirSync(compiled, { recursive: true });
  formatjs('extract', set.sources, '--ignore', '**/*.d.ts', '--format', 'simple', '--throws', '--out-file', english);
  for (const file of readdirSync(catalogs).filter((f) => f.endsWith('.json'))) {
    const source = file === 'en.json' ? english : join(catalogs, file);
    formatjs('compile', source, '--format', 'simple', '--ast', '--out-file', join(compiled, file));
  }
  if (set.pseudo) {
    // Accented and longer (en-XA), and right to left (en-XB): what no real catalog shows, so a test
    // finds text left out of the catalogs, and labels that clip or do not mirror.
    for (const pseudo of set.pseudo) {
      formatjs(
        'compile',
        english,
        '--format',
        'simple',
        '--ast',
        '--pseudo-locale',
        pseudo,
        '--out-file',
        join(compiled, `${pseudo}.json`),
      );
    }
  }
  if (set.shared) {
    const ids = join(mkdtempSync(join(tmpdir(), 'i18n-')), 'shared.json');
    formatjs('extract', set.shared, '--ignore', '**/*.d.ts', '--format', 'simple', '--throws', '--out-file', ids);
    const all = JSON.parse(readFileSync(join(compiled, 'en.json'), 'utf8'));
    const shared = Object.fromEntries(Object.keys(JSON.parse(readFileSync(ids, 'utf8'))).map((id) => [id, all[id]]));
    writeFileSync(join(compiled, 'shared-en.json'), JSON.stringify(shared, null, 2) + '\n');
  }
}
