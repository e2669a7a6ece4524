import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: join(__dirname, '..', '..') });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the layer rules of docs/architecture.md hold', () => {
  it.each([
    ['src-renderer/features/leave/Probe.tsx', "import { readFileSync } from 'node:fs';"],
    ['src-renderer/features/leave/Probe.tsx', "import Database from 'better-sqlite3-multiple-ciphers';"],
    ['src-renderer/features/leave/Probe.tsx', "import { ipcRenderer } from 'electron';"],
    ['src-renderer/features/leave/Probe.tsx', "import { outbox } from '../../src-main/core/outbox';"],
    ['src-shared/probe.ts', "import { createHash } from 'crypto';"],
    ['src-shared/probe.ts', "import { useState } from 'react';"],
    ['src-server/probe.ts', "import { app } from 'electron';"],
    ['src-server/probe.ts', "import { cache } from '../src-main/core/cache';"],
    ['src-server/probe.ts', "import { App } from '../src-renderer/app/App';"],
    ['src-main/core/probe.ts', "import { safeStorage } from 'electron';"],
    ['src-main/core/probe.ts', "import { startService } from '../../src-server/start';"],
    ['src-main/web/probe.ts', "import { BrowserWindow } from 'electron';"],
    ['src-main/launch/probe.ts', "import { safeStorage } from 'electron';"],
    ['src-main/launch/probe.ts', "import { serveIpc } from '../electron/ipcHost';"],
    ['src-main/core/probe.ts', "import { openDesktopBackend } from '../launch/desktopBackend';"],
    ['src-main/core/probe.ts', "import Database from 'better-sqlite3-multiple-ciphers';"],
    ['src-server/probe.ts', "import Database from 'better-sqlite3-multiple-ciphers';"],
    ['src-node/sqlite/probe.ts', "import { openCache } from '../../src-main/core/cache/openCache';"],
    ['src-node/sqlite/probe.ts', "import { openDatabase } from '../../src-server/db/open';"],
    ['src-node/sqlite/probe.ts', "import { app } from 'electron';"],
    ['src-renderer/features/leave/Probe.tsx', "import { Checkpointer } from '../../src-node/sqlite/checkpointer';"],
    ['src-shared/probe.ts', "import { Checkpointer } from '../src-node/sqlite/checkpointer';"],
    ['src-renderer/components/ui/Probe.tsx', "import { LeaveView } from '../../features/leave/LeaveView';"],
    ['src-renderer/components/ui/Probe.tsx', "import { useAppQuery } from '../../state/useAppQuery';"],
    ['src-renderer/components/ui/Probe.tsx', "import { readFileSync } from 'node:fs';"],
    ['src-renderer/state/probe.ts', "import { Button } from '../components/ui';"],
    ['src-renderer/state/probe.ts', "import { LeaveView } from '../features/leave/LeaveView';"],
    ['src-renderer/bridge/probe.ts', "import { useAppStore } from '../state/appStore';"],
    ['src-renderer/features/leave/Probe.tsx', "import { Frame } from '../../app/Frame';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).toHaveLength(1);
  });

  it.each([
    ['src-renderer/features/leave/Probe.tsx', "import { leaveSchema } from '../../src-shared/wire';"],
    ['src-server/probe.ts', "import { leaveSchema } from '../src-shared/wire';"],
    ['src-main/core/probe.ts', "import type Database from 'better-sqlite3-multiple-ciphers';"],
    ['src-server/probe.ts', "import type { Statement } from 'better-sqlite3-multiple-ciphers';"],
    ['src-main/electron/probe.ts', "import { app } from 'electron';"],
    ['src-main/web/probe.ts', "import { startService } from '../../src-server/start';"],
    ['src-main/launch/probe.ts', "import { startService } from '../../src-server/start';"],
    ['src-main/electron/probe.ts', "import { openDesktopBackend } from '../launch/desktopBackend';"],
    ['src-main/core/probe.ts', "import { Checkpointer } from '../../src-node/sqlite/checkpointer';"],
    ['src-server/probe.ts', "import { Checkpointer } from '../src-node/sqlite/checkpointer';"],
    ['src-node/sqlite/probe.ts', "import Database from 'better-sqlite3-multiple-ciphers';"],
    ['src-renderer/features/leave/Probe.tsx', "import { Button } from '../../components/ui';"],
    ['src-renderer/features/leave/Probe.tsx', "import { useAppQuery } from '../../state/useAppQuery';"],
    ['src-renderer/features/approvals/Probe.tsx', "import { span } from '../leave/leaveWords';"],
    ['src-renderer/app/Probe.tsx', "import { LeaveView } from '../features/leave/LeaveView';"],
  ])('%s may: %s', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});

describe('sibling folders of src-main are kept apart by relative path too', () => {
  it.each([
    ['src-main/core/probe.ts', "import { createWindow } from '../electron/main';"],
    ['src-main/core/probe.ts', "import { host } from '../web/host';"],
    ['src-main/web/probe.ts', "import { createWindow } from '../electron/main';"],
    ['src-main/electron/probe.ts', "import { host } from '../web/host';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).toHaveLength(1);
  });
});
