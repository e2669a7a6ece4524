#!/usr/bin/env node
// `npm start`: the desktop app, built and run by electron-vite. Where Electron cannot be had (no
// binary, no network to fetch it or to build for it), one line says so and how to run the same
// app in a browser, and the exit code is 1.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { electronBinary, electronSqlite, root } from './electronSetup.mjs';

const WEB = 'The same app runs in your browser: npm run web';
const stop = (reason) => {
  console.error(`npm start cannot run the desktop app here: ${reason}. ${WEB}`);
  process.exit(1);
};

const binary = electronBinary();
if (!binary.ok) stop(binary.reason);
const sqlite = await electronSqlite();
if (!sqlite.ok) stop(sqlite.reason);
const run = spawnSync(join(root, 'node_modules', '.bin', 'electron-vite'), ['preview'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
