// What `npm start` and `npm run dist` need before they can run Electron: its binary, and for
// `npm start` better-sqlite3 built for Electron's ABI (the tests and the web host keep Node's
// build in node_modules; the main process loads this one by absolute path from native/).
// Each step answers a sentence on failure, never a stack: the scripts print it on one line.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
export const electronVersion = require('electron/package.json').version;
const electronDir = dirname(require.resolve('electron/package.json'));

/** The first line of a failure, short: what a person can act on. */
const firstLine = (text) =>
  (text.split('\n').find((l) => l.trim()) ?? 'unknown error')
    .trim()
    .replace(/^\w*Error: /, '')
    .slice(0, 160);

/** The Electron executable, downloaded now if it is not there yet. */
export function electronBinary() {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const pathFile = join(electronDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const where = () =>
    override ? join(override, relative ?? 'electron') : relative && join(electronDir, 'dist', relative);
  if (where() && existsSync(where())) return { ok: true, path: where() };
  if (override) return { ok: false, reason: `no Electron binary in ELECTRON_OVERRIDE_DIST_PATH (${override})` };
  const install = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
    encoding: 'utf8',
    timeout: 300_000,
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '' },
  });
  const after = existsSync(pathFile) ? join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim()) : null;
  if (install.status === 0 && after && existsSync(after)) return { ok: true, path: after };
  return {
    ok: false,
    reason: `the Electron ${electronVersion} binary could not be downloaded (${firstLine(install.stderr || install.stdout || '')})`,
  };
}

/** better-sqlite3 rebuilt for this Electron by @electron/rebuild, in a copy, so Node's build stays. */
export async function electronSqlite() {
  const target = join(root, 'native', `electron-${electronVersion}`, 'better_sqlite3.node');
  if (existsSync(target)) return { ok: true, path: target };
  const source = dirname(require.resolve('better-sqlite3-multiple-ciphers/package.json'));
  const work = mkdtempSync(join(tmpdir(), 'hr-native-'));
  try {
    const copy = join(work, 'node_modules', 'better-sqlite3-multiple-ciphers');
    cpSync(source, copy, {
      recursive: true,
      filter: (p) => !p.includes(`${join('better-sqlite3-multiple-ciphers', 'build')}`),
    });
    writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'native-build', private: true }));
    const { rebuild } = require('@electron/rebuild');
    // A nodedir in npm's settings would build against Node's headers whatever the target says.
    delete process.env.npm_config_nodedir;
    await rebuild({ buildPath: work, electronVersion, onlyModules: ['better-sqlite3-multiple-ciphers'], force: true });
    mkdirSync(dirname(target), { recursive: true });
    cpSync(join(copy, 'build', 'Release', 'better_sqlite3.node'), target);
    return { ok: true, path: target };
  } catch (error) {
    return {
      ok: false,
      reason: `better-sqlite3 could not be built for Electron ${electronVersion} (${firstLine(String(error?.message ?? error))})`,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
