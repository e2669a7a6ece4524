// `npm start` runs this first. better-sqlite3 in node_modules is built for Node (the tests and
// the web host need that one); Electron has another ABI. This fetches the prebuilt addon for the
// installed Electron into native/electron-<version>/, which the main process loads by absolute
// path (TOOLCHAIN.md). Once per Electron version; it needs the network that one time.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const electron = require('electron/package.json').version;
const target = join(root, 'native', `electron-${electron}`, 'better_sqlite3.node');
if (existsSync(target)) process.exit(0);

const source = dirname(require.resolve('better-sqlite3/package.json'));
const work = mkdtempSync(join(tmpdir(), 'hr-native-'));
try {
  // Its package.json alone (name, version, where releases live), so the download cannot replace
  // Node's build in node_modules.
  const copy = join(work, 'better-sqlite3');
  mkdirSync(copy);
  cpSync(join(source, 'package.json'), join(copy, 'package.json'));
  execFileSync(
    process.execPath,
    [require.resolve('prebuild-install/bin.js'), '--runtime', 'electron', '--target', electron, '--arch', process.arch],
    { cwd: copy, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  mkdirSync(dirname(target), { recursive: true });
  cpSync(join(copy, 'build', 'Release', 'better_sqlite3.node'), target);
  console.log(`better-sqlite3 for Electron ${electron}: ${target}`);
} catch (error) {
  console.error(
    `Could not fetch better-sqlite3 built for Electron ${electron} (this needs the network once): ${error.message}`,
  );
  process.exit(1);
} finally {
  rmSync(work, { recursive: true, force: true });
}
