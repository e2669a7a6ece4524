#!/usr/bin/env node
// `npm run dist`: installers for this platform (Linux AppImage and deb, Windows NSIS, macOS dmg)
// by electron-builder, fuses set after packing (scripts/fuses.cjs). It needs the Electron binary;
// where that cannot be had, one line says so and the exit code is 1.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { electronBinary, root } from './electronSetup.mjs';

const binary = electronBinary();
if (!binary.ok) {
  console.error(`npm run dist cannot package the app here: ${binary.reason}.`);
  process.exit(1);
}
const bin = (name) => join(root, 'node_modules', '.bin', name);
for (const [cmd, args] of [
  [bin('electron-vite'), ['build']],
  [bin('electron-builder'), ['--config', 'electron-builder.config.cjs', ...process.argv.slice(2)]],
]) {
  const run = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
