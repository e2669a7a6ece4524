import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..', '..');
const require = createRequire(join(ROOT, 'package.json'));
const config = require(join(ROOT, 'electron-builder.config.cjs')) as Record<string, unknown> & {
  linux: { target: string[]; icon: string };
  win: { target: string[]; icon: string };
  mac: { target: string[]; icon: string };
  files: string[];
  afterPack: string;
};
const fuses = require(join(ROOT, 'scripts', 'fuses.cjs')) as {
  FUSES: Record<string, unknown>;
  executableOf: (context: unknown) => string;
};
const { FuseV1Options } = require('@electron/fuses') as { FuseV1Options: Record<string, number> };

describe('packaging (electron-builder), checked without the Electron binary', () => {
  it('is a configuration electron-builder itself accepts (its own schema), and refuses a wrong one', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      validateConfiguration: (c: unknown, log: unknown) => Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (on: boolean) => unknown };
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(
      validateConfiguration({ ...config, nsis: { oneClick: 'sometimes' } }, new DebugLogger(false)),
    ).rejects.toThrow(/configuration\.nsis/);
  });

  it('names the app and builds AppImage and deb, NSIS, and dmg with their icons', () => {
    expect(config).toMatchObject({ appId: 'org.hroffline.desktop', productName: 'HR Offline', asar: true });
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
    for (const icon of [
      config.win.icon,
      config.mac.icon,
      join(config.linux.icon, '512x512.png'),
      'resources/tray.png',
    ]) {
      expect(existsSync(join(ROOT, icon)), icon).toBe(true);
    }
    // The bundles electron-vite builds, and what the main process loads at run time.
    expect(config.files).toEqual(expect.arrayContaining(['out/**', 'resources/tray.png']));
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { main: string };
    expect(pkg.main.startsWith('out/')).toBe(true);
  });

  it('sets the fuses after packing: no Node mode, no NODE_OPTIONS or --inspect, cookies encrypted, only the checked asar', () => {
    expect(existsSync(join(ROOT, config.afterPack))).toBe(true);
    expect(fuses.FUSES).toMatchObject({
      [FuseV1Options.RunAsNode!]: false,
      [FuseV1Options.EnableCookieEncryption!]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable!]: false,
      [FuseV1Options.EnableNodeCliInspectArguments!]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation!]: true,
      [FuseV1Options.OnlyLoadAppFromAsar!]: true,
    });
    const context = (platform: string) => ({
      appOutDir: '/out',
      electronPlatformName: platform,
      packager: { appInfo: { productFilename: 'HR Offline' }, executableName: 'hr-offline' },
    });
    expect(fuses.executableOf(context('darwin'))).toBe(join('/out', 'HR Offline.app'));
    expect(fuses.executableOf(context('win32'))).toBe(join('/out', 'HR Offline.exe'));
    expect(fuses.executableOf(context('linux'))).toBe(join('/out', 'hr-offline'));
  });

  it.each([
    ['start', /^npm start cannot run the desktop app here: .+\. The same app runs in your browser: npm run web$/],
    ['dist', /^npm run dist cannot package the app here: .+\.$/],
  ])('npm run %s without the Electron binary says so in one line and exits 1', (script, line) => {
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts', `${script}.mjs`)], {
      cwd: ROOT,
      encoding: 'utf8',
      // No binary there, whatever this machine has: the same path as a machine that cannot download it.
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: join(ROOT, 'no-electron-here') },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
  });
});
