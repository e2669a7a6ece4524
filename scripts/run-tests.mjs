#!/usr/bin/env node
// `npm test`: every suite in turn — typecheck, lint, layers, format, build, unit and integration
// (vitest), end-to-end (Playwright) — then one closing line `N passed, N failed[, N skipped]` summing them all.
// The line is also written to test-results/summary.txt so CI can print it last whatever npm adds after.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function run(cmd, args, env = {}) {
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: res.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** A check without test cases of its own counts as one test. */
function check(name, cmd, args) {
  console.log(`\n=== ${name} ===`);
  const { ok, seconds } = run(cmd, args);
  totals[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${name}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const bin = (name) => join(root, 'node_modules', '.bin', name);

check('typecheck', bin('tsc'), ['-p', 'tsconfig.json']);
check('typecheck (renderer)', bin('tsc'), ['-p', 'tsconfig.web.json']);
check('typecheck (end-to-end tests)', bin('tsc'), ['-p', 'tsconfig.e2e.json']);
check('lint', bin('eslint'), ['--max-warnings', '0', '.']);
check('layers and cycles', bin('depcruise'), [
  '--config',
  '.dependency-cruiser.cjs',
  ...['src-main', 'src-server', 'src-shared', 'src-node', 'src-renderer', 'test', 'bench', 'scripts'],
]);
check('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
check('build', bin('electron-vite'), ['build']);

/** The first line of a failure's message, without colour codes, short enough for a summary. */
function firstLine(message) {
  const line =
    String(message ?? '')
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return line.trim().slice(0, 300);
}

/** Playwright's failed tests as `file › title: message`, from its JSON report's nested suites. */
function playwrightFailures(suites) {
  const out = [];
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        out.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
      }
    }
    out.push(...playwrightFailures(suite.suites ?? []));
  }
  return out;
}

/** One vitest run, its tests added to the totals under `name`. */
function vitestPass(name, file, args = []) {
  console.log(`\n=== ${name} ===`);
  const json = join(results, file);
  const run_ = run(bin('vitest'), [
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${json}`,
  ]);
  const v = readJson(json);
  if (v) {
    totals.passed += v.numPassedTests;
    totals.failed += v.numFailedTests;
    totals.skipped += v.numPendingTests + v.numTodoTests;
    // A suite that failed to load has no failed tests but must still fail the run.
    const brokenFiles = (v.testResults ?? []).filter((f) => f.status === 'failed' && f.assertionResults.length === 0);
    totals.failed += brokenFiles.length;
    lines.push(
      `${name}: ${v.numPassedTests} passed, ${v.numFailedTests + brokenFiles.length} failed (${run_.seconds} s)`,
    );
    // CI shows only the end of the output: name each failure there, with the first line of its message.
    for (const f of v.testResults ?? []) {
      const file = relative(root, f.name);
      if (f.status === 'failed' && f.assertionResults.length === 0) lines.push(`  ✗ ${file}: ${firstLine(f.message)}`);
      for (const a of f.assertionResults.filter((r) => r.status === 'failed')) {
        lines.push(`  ✗ ${file} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
      }
    }
  } else {
    totals.failed += 1;
    lines.push(`${name}: FAILED to report`);
  }
  if (!run_.ok && v && v.numFailedTests === 0) {
    totals.failed += 1;
    lines.push(`${name}: exited with an error`);
  }
}

vitestPass('unit and integration (vitest)', 'vitest.json');

// The service and sync suites again on PostgreSQL, where it is installed (CI always has it: there,
// a machine without it fails the run rather than skipping).
const postgres = spawnSync(bin('tsx'), ['scripts/has-postgres.ts'], { cwd: root, encoding: 'utf8' });
if (postgres.status === 0) {
  vitestPass('service and sync on PostgreSQL (vitest)', 'vitest-postgres.json', ['-c', 'vitest.postgres.config.mts']);
} else if (process.env.HR_REQUIRE_POSTGRES === '1') {
  totals.failed += 1;
  lines.push('service and sync on PostgreSQL: FAILED (PostgreSQL is not installed)');
} else {
  console.log(postgres.stdout.trim());
  lines.push('service and sync on PostgreSQL: skipped (PostgreSQL is not installed here)');
}

if (existsSync(join(root, 'playwright.config.ts'))) {
  console.log('\n=== end-to-end (Playwright, Chromium) ===');
  const pwJson = join(results, 'playwright.json');
  const pw = run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
  const p = readJson(pwJson);
  if (p?.stats) {
    totals.passed += p.stats.expected + p.stats.flaky;
    totals.failed += p.stats.unexpected;
    totals.skipped += p.stats.skipped;
    lines.push(`playwright: ${p.stats.expected} passed, ${p.stats.unexpected} failed (${pw.seconds} s)`);
    for (const failure of playwrightFailures(p.suites ?? [])) lines.push(`  ✗ ${failure}`);
  } else {
    totals.failed += 1;
    lines.push('playwright: FAILED to report');
  }
  if (!pw.ok && p?.stats && p.stats.unexpected === 0) totals.failed += 1;
}

const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
console.log(`\n${lines.join('\n')}\n`);
writeFileSync(join(results, 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exit(totals.failed === 0 ? 0 : 1);
