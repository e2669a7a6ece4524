import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The layer rules of .dependency-cruiser.cjs, probed where code really lives: a tree of probe files
// at the depth of the real folders (src-main/core/sync/pull/…), with the repository's packages and
// tsconfig, cruised by the same command and configuration as `npm run deps`.

const ROOT = join(__dirname, '..', '..');

interface Probe {
  /** The probing file, at a real depth. */
  from: string;
  /** The import it makes (`import type …` when `typeOnly`). */
  spec: string;
  typeOnly?: boolean;
  /** What the imported file itself imports, to probe what is reachable through it. */
  targetImports?: string;
  /** The rule that must refuse it, or null when it is allowed. */
  rule: string | null;
}

const refused: Probe[] = [
  { from: 'src-main/core/sync/pull/probe.ts', spec: '../../../electron/main', rule: 'core-knows-no-host' },
  { from: 'src-main/core/leave/probe.ts', spec: '../../launch/backendEntry', rule: 'core-knows-no-host' },
  { from: 'src-server/leave/probe.ts', spec: '../../src-shared/holidays/leaveDays', rule: 'shared-through-its-alias' },
  { from: 'src-shared/rules/probe.ts', spec: '../holidays/workingDays', rule: 'holidays-on-top' },
  {
    from: 'src-renderer/features/calendar/probe.ts',
    spec: '@shared/holidays/leaveBalances',
    rule: 'renderer-has-no-holidays',
  },
  {
    from: 'src-main/core/sync/pull/probe.ts',
    spec: '../../../../src-shared/calendar/dates',
    rule: 'shared-through-its-alias',
  },
  { from: 'src-main/core/calendar/probe.ts', spec: '../people/peopleStore', rule: 'domain-store-is-its-own' },
  { from: 'src-main/core/sync/pull/probe.ts', spec: '../../trainings/trainingStore', rule: 'domain-store-is-its-own' },
  { from: 'src-main/core/forms/probe.ts', spec: '../leave/leaveRules', rule: 'domains-meet-through-app-and-sync' },
  { from: 'src-main/core/cache/probe.ts', spec: '../trainings/trainingPull', rule: 'cache-is-generic' },
  { from: 'src-main/core/sync/probe.ts', spec: '../../web/host', rule: 'core-knows-no-host' },
  { from: 'src-main/core/cache/probe.ts', spec: '../../../src-server/db/open', rule: 'core-knows-no-host' },
  { from: 'src-main/launch/probe.ts', spec: '../electron/main', rule: 'launch-knows-no-host' },
  { from: 'src-main/web/probe.ts', spec: '../electron/main', rule: 'web-is-not-electron' },
  { from: 'src-main/electron/probe.ts', spec: '../web/cli', rule: 'electron-is-not-web' },
  { from: 'src-server/leave/probe.ts', spec: '../../src-main/core/cache/openCache', rule: 'server-is-its-own' },
  { from: 'src-server/forms/probe.ts', spec: '../../src-renderer/app/App', rule: 'server-is-its-own' },
  { from: 'src-node/sqlite/probe.ts', spec: '../../src-server/db/open', rule: 'node-is-beneath' },
  { from: 'src-node/sqlite/probe.ts', spec: '../../src-main/core/cache/openCache', rule: 'node-is-beneath' },
  { from: 'src-shared/rules/probe.ts', spec: '../../src-node/sqlite/openSqlite', rule: 'shared-is-pure' },
  { from: 'src-shared/appApi/probe.ts', spec: 'node:fs', rule: 'shared-has-no-node' },
  { from: 'src-shared/records/probe.ts', spec: 'react', rule: 'shared-has-no-native' },
  { from: 'src-shared/wire/probe.ts', spec: '../rules/leaveRules', rule: 'wire-is-the-bottom' },
  { from: 'src-shared/wire/probe.ts', spec: '../calendar/dates', typeOnly: true, rule: 'wire-is-the-bottom' },
  { from: 'src-shared/calendar/probe.ts', spec: '../rules/fieldIssue', rule: 'calendar-above-wire' },
  { from: 'src-shared/rules/probe.ts', spec: '../records/csv', rule: 'rules-below-records' },
  { from: 'src-shared/records/probe.ts', spec: '../appApi/calls', rule: 'records-below-appApi' },
  {
    from: 'src-renderer/features/forms/admin/analytics/probe.ts',
    spec: '../../../../../src-main/core/outbox',
    rule: 'renderer-is-a-page',
  },
  { from: 'src-renderer/features/leave/probe.ts', spec: 'node:fs', rule: 'renderer-has-no-node' },
  {
    from: 'src-renderer/features/leave/probe.ts',
    spec: 'better-sqlite3-multiple-ciphers',
    rule: 'renderer-has-no-native',
  },
  {
    from: 'src-renderer/features/leave/probe.ts',
    spec: '@shared/holidays/workingDays',
    targetImports: "import Holidays from 'date-holidays';\nexport const holidays = Holidays;\n",
    rule: 'renderer-has-no-holiday-tables',
  },
  { from: 'src-renderer/components/ui/probe.ts', spec: '../../features/leave', rule: 'kit-knows-no-feature' },
  { from: 'src-renderer/state/probe.ts', spec: '../components/ui', rule: 'state-knows-no-view' },
  { from: 'src-renderer/bridge/probe.ts', spec: '../state/appStore', rule: 'bridge-is-transport' },
  { from: 'src-renderer/features/forms/admin/probe.ts', spec: '@renderer/app/Frame', rule: 'features-know-no-frame' },
  {
    from: 'src-renderer/features/calendar/probe.ts',
    spec: '../leave/leaveWords',
    rule: 'features-meet-at-their-index',
  },
  { from: 'src-renderer/app/probe.ts', spec: '../features/leave/LeaveView', rule: 'feature-through-its-index' },
  { from: 'src-main/core/sync/probe.ts', spec: 'electron', rule: 'electron-only-in-its-host' },
  { from: 'test/sync/probe.ts', spec: 'electron', rule: 'electron-only-in-its-host' },
  { from: 'src-server/db/probe.ts', spec: 'better-sqlite3-multiple-ciphers', rule: 'sqlite-opened-in-one-place' },
  { from: 'src-main/core/cache/probe.ts', spec: 'better-sqlite3-multiple-ciphers', rule: 'sqlite-opened-in-one-place' },
  { from: 'src-main/core/sync/probe.ts', spec: './nowhere', rule: 'not-resolvable' },
  // A cycle through a type-only import is a cycle too.
  { from: 'src-shared/records/cycleA.ts', spec: './cycleB', rule: 'no-cycle' },
  { from: 'src-shared/records/cycleB.ts', spec: './cycleA', typeOnly: true, rule: 'no-cycle' },
];

const allowed: Probe[] = [
  { from: 'src-main/core/cache/probe.ts', spec: 'better-sqlite3-multiple-ciphers', typeOnly: true, rule: null },
  { from: 'src-node/sqlite/probe.ts', spec: 'better-sqlite3-multiple-ciphers', rule: null },
  { from: 'src-main/electron/probe.ts', spec: 'electron', rule: null },
  { from: 'src-main/electron/probe.ts', spec: '../launch/backendEntry', rule: null },
  { from: 'src-main/launch/probe.ts', spec: '../core/app/backend', rule: null },
  { from: 'src-main/core/leave/probe.ts', spec: './leaveStore', rule: null },
  { from: 'src-main/core/sync/probe.ts', spec: '../forms/formChanges', rule: null },
  { from: 'src-main/core/app/probe.ts', spec: '../trainings/trainingHandlers', rule: null },
  { from: 'src-main/web/probe.ts', spec: '../../src-server/start', rule: null },
  { from: 'src-main/core/sync/pull/probe.ts', spec: '../../../../src-node/sqlite/checkpointer', rule: null },
  { from: 'src-server/leave/probe.ts', spec: '@shared/holidays/leaveDays', rule: null },
  { from: 'src-shared/rules/probe.ts', spec: '../wire/leave', rule: null },
  { from: 'src-shared/appApi/probe.ts', spec: '../records/trainingRecord', rule: null },
  { from: 'src-renderer/features/approvals/probe.ts', spec: '../leave', rule: null },
  { from: 'src-renderer/features/leave/probe.ts', spec: '@shared/calendar/dates', rule: null },
  { from: 'src-renderer/features/forms/admin/probe.ts', spec: '../useDraft', rule: null },
  { from: 'src-renderer/app/probe.ts', spec: '@renderer/features/leave', rule: null },
  { from: 'src-renderer/app/probe.ts', spec: '@renderer/components/ui', rule: null },
];

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: unknown[];
}

let tree: string;
let violations: Violation[];
/** The probe files, by the probe they hold. */
const fileOf = new Map<Probe, string>();

/** The file an import names, as the tree must hold it (.ts, or index.ts for a folder). */
function targetFile(from: string, spec: string): string | null {
  let path: string;
  if (spec.startsWith('@shared/')) path = `src-shared/${spec.slice('@shared/'.length)}`;
  else if (spec.startsWith('@renderer/')) path = `src-renderer/${spec.slice('@renderer/'.length)}`;
  else if (spec.startsWith('.') && spec !== './nowhere') path = normalize(join(dirname(from), spec));
  else return null;
  return /features\/[^/]+$|components\/ui$/.test(path) ? `${path}/index.ts` : `${path}.ts`;
}

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'layers-'));
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
  for (const config of ['tsconfig.json', 'tsconfig.base.json', '.dependency-cruiser.cjs']) {
    cpSync(join(ROOT, config), join(tree, config));
  }
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  };
  // Targets first: a probe file that is also a target (the cycle) keeps its import.
  for (const probe of [...refused, ...allowed]) {
    const target = targetFile(probe.from, probe.spec);
    if (target) write(target, probe.targetImports ?? 'export const probe = 1;\n');
  }
  [...refused, ...allowed].forEach((probe, i) => {
    const from = /cycle[AB]/.test(probe.from) ? probe.from : probe.from.replace(/probe\.ts$/, `probe${i}.ts`);
    fileOf.set(probe, from);
    const line = probe.typeOnly ? `import type * as p from '${probe.spec}';` : `import * as p from '${probe.spec}';`;
    write(from, `${line}\nexport const probe = p;\n`);
  });
  const cruise = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs'),
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
      'src-main',
      'src-server',
      'src-shared',
      'src-node',
      'src-renderer',
      'test',
    ],
    { cwd: tree, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(cruise.stdout) as { summary: { violations: Violation[] } };
  violations = report.summary.violations;
}, 60_000);

afterAll(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
});

describe('the layer rules hold at the depth the code lives at', () => {
  it.each(refused.map((p) => [p.from, p.spec, p] as const))('%s may not import %s', (_from, _spec, probe) => {
    const file = fileOf.get(probe)!;
    const found = violations.filter((v) => v.from === file || (v.cycle && v.to === file));
    expect(found.map((v) => v.rule.name)).toContain(probe.rule);
  });

  it.each(allowed.map((p) => [p.from, p.spec, p] as const))('%s may import %s', (_from, _spec, probe) => {
    const file = fileOf.get(probe)!;
    expect(violations.filter((v) => v.from === file)).toEqual([]);
  });
});
