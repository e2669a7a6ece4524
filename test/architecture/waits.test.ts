import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Tests wait on conditions, not on the clock: a fixed sleep and then an assertion holds on an idle
// machine and fails on a busy one (or passes there for the wrong reason). Read from the syntax of
// every TypeScript file under test/:
//
// A fixed sleep is an awaited `new Promise((r) => setTimeout(r, …))`, `setTimeout(…)` of
// node:timers/promises, `sleep(…)`, `delay(…)`, `wait(…)`, `pause(…)`, `nap(…)`,
// `scheduler.wait(…)`, Playwright's `….waitForTimeout(…)`, or a call of a function of the same file
// that does only one of those (a `settle()`).
//
// 1. After a fixed sleep, the rest of its block (each statement that follows, and what they hold)
//    asserts nothing before it next waits on a condition: `vi.waitFor`, `expect.poll`, `….toPass`,
//    Playwright's `waitFor…` (not `waitForTimeout`), `once`, an `until…` or `eventually…` helper,
//    or a function of the same file that waits so. A positive assertion there stands in for the
//    condition; a negative one is a quiet check without its name.
// 2. The two fixed waits of test/support/waits.ts are not fixed sleeps: `quietFor` (the negative
//    check: something does NOT happen within a bound, after the positive condition that would have
//    set it off) and `letTimePass` (real time as the input of a scenario: a kill at a random
//    moment, a transaction held open). The statement right after a `quietFor` is no positive
//    assertion: a quiet check never shows that something did happen.
// 3. Every test (`it`, `test`) asserts: it calls `expect`, `assert`, `quietFor`, or a function of
//    test/ that does (a helper that checks).
// A wait that polls (a sleep inside a loop that reads until it holds) ends its block and is let be.

const TEST_ROOT = join(__dirname, '..');
const WAITS_MODULE = 'support/waits.ts';

/** The TypeScript files under test/, by path from test/. */
function sources(dir = TEST_ROOT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [relative(TEST_ROOT, path)] : [];
  });
}

const parse = (name: string, text: string) =>
  ts.createSourceFile(
    name,
    text,
    ts.ScriptTarget.Latest,
    true,
    name.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

const SLEEP_NAMES = new Set(['sleep', 'delay', 'wait', 'pause', 'nap']);
const CONDITION_NAME = /^(until|eventually|waitFor|waitUntil)/;

/** The name a call is made by: `f` of `f()`, `waitFor` of `vi.waitFor()`, `poll` of `expect.poll()`. */
function calleeName(call: ts.CallExpression): string | null {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return null;
}

/** `new Promise((r) => setTimeout(r, …))`, however its parameter is named. */
function isPromisedTimeout(node: ts.Node): boolean {
  if (!ts.isNewExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'Promise')
    return false;
  const executor = node.arguments?.[0];
  if (!executor || !(ts.isArrowFunction(executor) || ts.isFunctionExpression(executor))) return false;
  const resolve = executor.parameters[0]?.name;
  if (!resolve || !ts.isIdentifier(resolve)) return false;
  let body: ts.Node = executor.body;
  if (ts.isBlock(body)) {
    if (body.statements.length !== 1) return false;
    const only = body.statements[0]!;
    body = ts.isExpressionStatement(only)
      ? only.expression
      : ts.isReturnStatement(only) && only.expression
        ? only.expression
        : only;
  }
  return (
    ts.isCallExpression(body) &&
    ts.isIdentifier(body.expression) &&
    body.expression.text === 'setTimeout' &&
    body.arguments[0] !== undefined &&
    ts.isIdentifier(body.arguments[0]) &&
    body.arguments[0].text === resolve.text
  );
}

/** An expression that is a fixed sleep (not yet awaited), given the file's own sleeping functions. */
function isSleep(node: ts.Expression, sleepers: ReadonlySet<string>): boolean {
  if (isPromisedTimeout(node)) return true;
  if (!ts.isCallExpression(node)) return false;
  const e = node.expression;
  if (ts.isIdentifier(e)) {
    if (SLEEP_NAMES.has(e.text) || sleepers.has(e.text)) return true;
    // node:timers/promises: its setTimeout takes the time first.
    const first = node.arguments[0];
    return (
      e.text === 'setTimeout' &&
      first !== undefined &&
      !ts.isArrowFunction(first) &&
      !ts.isFunctionExpression(first) &&
      !ts.isIdentifier(first)
    );
  }
  if (ts.isPropertyAccessExpression(e)) {
    if (e.name.text === 'waitForTimeout') return true;
    return e.name.text === 'wait' && ts.isIdentifier(e.expression) && e.expression.text === 'scheduler';
  }
  return false;
}

/** The body of a function declared at `node` (`function f() {}`, `const f = () => …`), if it is one. */
function declaredFunction(node: ts.Node): { name: string; body: ts.Node } | null {
  if (ts.isFunctionDeclaration(node) && node.name && node.body) return { name: node.name.text, body: node.body };
  if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
    const f = node.initializer;
    if (ts.isArrowFunction(f) || ts.isFunctionExpression(f)) return { name: node.name.text, body: f.body };
  }
  return null;
}

/** Visits `node` and all beneath it, in the order of the text, until `visit` answers true (then true). */
function forEachDeep(node: ts.Node, visit: (n: ts.Node) => unknown): boolean {
  if (visit(node) === true) return true;
  return ts.forEachChild(node, (child) => forEachDeep(child, visit) || undefined) ?? false;
}

/** A function body that only sleeps: `() => new Promise(…)`, `{ return sleep(ms) }`, `{ await sleep(ms) }`. */
function onlySleeps(body: ts.Node, sleepers: ReadonlySet<string>): boolean {
  const strip = (e: ts.Expression): ts.Expression => (ts.isAwaitExpression(e) ? e.expression : e);
  if (!ts.isBlock(body)) return isSleep(strip(body as ts.Expression), sleepers);
  if (body.statements.length !== 1) return false;
  const only = body.statements[0]!;
  if (ts.isReturnStatement(only) && only.expression) return isSleep(strip(only.expression), sleepers);
  return ts.isExpressionStatement(only) && isSleep(strip(only.expression), sleepers);
}

/** The receiver chain of `expect(x).not.toBe(1)`: whether it starts at `expect(…)` and holds `.not`. */
function assertionOf(call: ts.CallExpression): 'positive' | 'negative' | null {
  const name = calleeName(call);
  if (ts.isIdentifier(call.expression) && /^assert/.test(call.expression.text)) return 'positive';
  if (ts.isPropertyAccessExpression(call.expression) && ts.isIdentifier(call.expression.expression)) {
    if (call.expression.expression.text === 'assert') return 'positive';
  }
  if (!ts.isPropertyAccessExpression(call.expression) || name === null) return null;
  let negated = false;
  let receiver: ts.Expression = call.expression.expression;
  for (;;) {
    if (ts.isPropertyAccessExpression(receiver)) {
      if (receiver.name.text === 'not') negated = true;
      receiver = receiver.expression;
    } else if (ts.isCallExpression(receiver)) {
      const callee = receiver.expression;
      if (ts.isIdentifier(callee) && callee.text === 'expect') return negated ? 'negative' : 'positive';
      if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'expect'
      ) {
        // expect.soft(…) asserts; expect.poll(…) waits on a condition.
        if (callee.name.text === 'soft') return negated ? 'negative' : 'positive';
        return null;
      }
      return null;
    } else {
      return null;
    }
  }
}

/** A call that waits on a condition (given the file's own functions that do). */
function isConditionWait(call: ts.CallExpression, waiters: ReadonlySet<string>): boolean {
  const name = calleeName(call);
  if (name === null) return false;
  if (name === 'waitForTimeout') return false;
  if (CONDITION_NAME.test(name) || name === 'once' || name === 'toPass' || waiters.has(name)) return true;
  return isPoll(call);
}

/** The statement holding `node` that sits directly in a block (a function's, a loop's, the file's). */
function blockStatement(node: ts.Node): ts.Statement | null {
  for (let at: ts.Node = node; !ts.isSourceFile(at); at = at.parent) {
    const parent = at.parent;
    if (
      (ts.isBlock(parent) || ts.isSourceFile(parent) || ts.isCaseClause(parent) || ts.isDefaultClause(parent)) &&
      ts.isStatement(at)
    ) {
      return at;
    }
    if (ts.isFunctionLike(parent)) return null;
  }
  return null;
}

function siblingsAfter(statement: ts.Statement): ts.Statement[] {
  const parent = statement.parent as ts.Block | ts.SourceFile | ts.CaseClause | ts.DefaultClause;
  const all = parent.statements as readonly ts.Statement[];
  return all.slice(all.indexOf(statement) + 1);
}

export interface Finding {
  file: string;
  line: number;
  rule: 'sleep then assertion' | 'assertion after quietFor' | 'test without assertion';
  text: string;
}

/** The names of `file`'s functions that sleep and only sleep, and those that wait on a condition. */
function localWaits(file: ts.SourceFile) {
  const sleepers = new Set<string>();
  const waiters = new Set<string>();
  const functions: { name: string; body: ts.Node }[] = [];
  forEachDeep(file, (n) => void (declaredFunction(n) && functions.push(declaredFunction(n)!)));
  // A helper may sleep through another (`const settle = () => wait(150)`): until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const f of functions) {
      if (!sleepers.has(f.name) && onlySleeps(f.body, sleepers)) {
        sleepers.add(f.name);
        changed = true;
      }
      if (!waiters.has(f.name) && forEachDeep(f.body, (n) => ts.isCallExpression(n) && isConditionWait(n, waiters))) {
        waiters.add(f.name);
        changed = true;
      }
    }
  }
  return { sleepers, waiters };
}

const line = (file: ts.SourceFile, node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
const short = (node: ts.Node) => node.getText().replace(/\s+/g, ' ').slice(0, 90);

export interface Source {
  name: string;
  file: ts.SourceFile;
}
export const source = (name: string, text: string): Source => ({ name, file: parse(name, text) });

/** Rules 1 and 2 in one file; `checkers` are the functions of test/ that assert. */
export function sleepsThenAssertions(src: Source, checkers: ReadonlySet<string> = new Set()): Finding[] {
  const { name, file } = src;
  const { sleepers, waiters } = localWaits(file);
  const local = checkersIn(src, checkers);
  const assertion = (n: ts.CallExpression) => {
    const kind = assertionOf(n);
    if (kind !== null || isPoll(n)) return kind ?? 'positive';
    return ts.isIdentifier(n.expression) && local.has(n.expression.text) ? 'positive' : null;
  };
  const findings: Finding[] = [];
  forEachDeep(file, (node) => {
    if (!ts.isAwaitExpression(node)) return;
    const waited = node.expression;
    const quiet = ts.isCallExpression(waited) && calleeName(waited) === 'quietFor';
    if (!quiet && !isSleep(waited, sleepers)) return;
    const statement = blockStatement(node);
    if (!statement) return;
    const following = quiet ? siblingsAfter(statement).slice(0, 1) : siblingsAfter(statement);
    for (const after of following) {
      const stopped = forEachDeep(after, (n) => {
        if (!ts.isCallExpression(n)) return false;
        if (isConditionWait(n, waiters)) return true;
        const kind = assertion(n);
        if (kind === null || (quiet && kind === 'negative')) return false;
        findings.push({
          file: name,
          line: line(file, node),
          rule: quiet ? 'assertion after quietFor' : 'sleep then assertion',
          text: `${short(node)} … ${short(n)}`,
        });
        return true;
      });
      if (stopped) break;
    }
  });
  return findings;
}

/** `expect.poll(…)`: a condition waited on, and an assertion when it is not met in time. */
function isPoll(call: ts.CallExpression): boolean {
  return (
    ts.isPropertyAccessExpression(call.expression) &&
    call.expression.name.text === 'poll' &&
    ts.isIdentifier(call.expression.expression) &&
    call.expression.expression.text === 'expect'
  );
}

/** Whether a body asserts by itself, and the functions it calls by name (`f()`, not `x.f()`). */
function summary(body: ts.Node): { asserts: boolean; calls: Set<string> } {
  let asserts = false;
  const calls = new Set<string>();
  forEachDeep(body, (n) => {
    if (!ts.isCallExpression(n)) return;
    if (assertionOf(n) !== null || isPoll(n) || calleeName(n) === 'quietFor') asserts = true;
    if (ts.isIdentifier(n.expression)) calls.add(n.expression.text);
  });
  return { asserts, calls };
}

/** A module of test/ that `from` imports (`'../support/accounts'`), by its path from test/. */
function imported(from: string, spec: string, names: ReadonlySet<string>): string | null {
  if (!spec.startsWith('.')) return null;
  const base = join(dirname(from), spec);
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((c) => names.has(c)) ?? null;
}

/**
 * The functions of test/ that assert, by themselves or through one another, as `file:name`; a call
 * names one of its file's own functions or one it imports from another file of test/.
 */
export function checkingFunctions(sources: Source[]): Set<string> {
  const names = new Set(sources.map((s) => s.name));
  const functions = new Map<string, { asserts: boolean; calls: string[] }>();
  for (const { name, file } of sources) {
    const own = new Map<string, ts.Node>();
    forEachDeep(file, (n) => {
      const declared = declaredFunction(n);
      if (declared) own.set(declared.name, declared.body);
    });
    const imports = new Map<string, string>();
    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const module = imported(name, statement.moduleSpecifier.text, names);
      const bindings = statement.importClause?.namedBindings;
      if (!module || !bindings || !ts.isNamedImports(bindings)) continue;
      for (const el of bindings.elements) imports.set(el.name.text, `${module}:${(el.propertyName ?? el.name).text}`);
    }
    const resolve = (called: string) => (own.has(called) ? `${name}:${called}` : imports.get(called));
    for (const [fn, body] of own) {
      const { asserts, calls } = summary(body);
      functions.set(`${name}:${fn}`, { asserts, calls: [...calls].flatMap((c) => resolve(c) ?? []) });
    }
  }
  const checkers = new Set([...functions].filter(([, f]) => f.asserts).map(([key]) => key));
  for (let changed = true; changed;) {
    changed = false;
    for (const [key, f] of functions) {
      if (checkers.has(key) || !f.calls.some((c) => checkers.has(c))) continue;
      checkers.add(key);
      changed = true;
    }
  }
  return checkers;
}

/** The names a file calls its functions by that assert (its own, and those it imports). */
function checkersIn({ name, file }: Source, checkers: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  forEachDeep(file, (n) => {
    const declared = declaredFunction(n);
    if (declared && checkers.has(`${name}:${declared.name}`)) found.add(declared.name);
  });
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const el of bindings.elements) {
      const spec = statement.moduleSpecifier.text;
      const module = spec.startsWith('.') ? join(dirname(name), spec) : null;
      const exported = (el.propertyName ?? el.name).text;
      if (
        module &&
        [`${module}.ts`, `${module}.tsx`, join(module, 'index.ts')].some((m) => checkers.has(`${m}:${exported}`))
      ) {
        found.add(el.name.text);
      }
    }
  }
  return found;
}

/** Rule 3 in one file: the tests whose bodies call nothing that asserts. */
export function testsWithoutAssertion(src: Source, checkers: ReadonlySet<string>): Finding[] {
  const { name, file } = src;
  const local = checkersIn(src, checkers);
  const findings: Finding[] = [];
  forEachDeep(file, (n) => {
    if (!ts.isCallExpression(n)) return;
    const callee = n.expression;
    const isTest =
      (ts.isIdentifier(callee) && (callee.text === 'it' || callee.text === 'test')) ||
      (ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        ['it', 'test'].includes(callee.expression.text) &&
        ['only', 'concurrent', 'fails'].includes(callee.name.text));
    if (!isTest) return;
    const body = n.arguments.find((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a));
    if (!body) return;
    const { asserts, calls } = summary(body);
    if (asserts || [...calls].some((c) => local.has(c))) return;
    findings.push({ file: name, line: line(file, n), rule: 'test without assertion', text: short(n.arguments[0]!) });
  });
  return findings;
}

describe('waits in the tests', () => {
  const files = sources().map((name) => source(name, readFileSync(join(TEST_ROOT, name), 'utf8')));
  const checkers = checkingFunctions(files);

  it('reads every test file, the specs and their support', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.map((f) => f.name)).toEqual(
      expect.arrayContaining(['e2e/work.spec.ts', 'sync/liveUpdates.test.ts', WAITS_MODULE]),
    );
  });

  it('no fixed sleep is followed by an assertion, nor a quiet check by a positive one', () => {
    const findings = files.filter((f) => f.name !== WAITS_MODULE).flatMap((f) => sleepsThenAssertions(f, checkers));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.rule}: ${f.text}`)).toEqual([]);
  });

  it('every test asserts something', () => {
    const findings = files.flatMap((f) => testsWithoutAssertion(f, checkers));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });
});

describe('the check', () => {
  const flagged = (snippet: string, checkers?: Set<string>) =>
    sleepsThenAssertions(source('probe.test.ts', snippet), checkers).map((f) => f.rule);

  it('flags a sleep and then an assertion, in each of its shapes', () => {
    expect(flagged(`it('x', async () => { await sleep(200); expect(x).toBe(1); });`)).toEqual(['sleep then assertion']);
    expect(
      flagged(
        `it('x', async () => { await new Promise((r) => setTimeout(r, 200)); const v = await read(); expect(v).toEqual(1); });`,
      ),
    ).toEqual(['sleep then assertion']);
    expect(
      flagged(
        `it('x', async () => { await new Promise<void>((resolve) => { setTimeout(resolve, 50); }); if (a) { expect(a).toBe(2); } });`,
      ),
    ).toEqual(['sleep then assertion']);
    expect(
      flagged(
        `test('x', async ({ page }) => { await page.waitForTimeout(3_000); await expect(page.getByText('Saved')).toBeVisible(); });`,
      ),
    ).toEqual(['sleep then assertion']);
    expect(
      flagged(
        `import { setTimeout as pause } from 'node:timers/promises'; it('x', async () => { await pause(100); expect(1).toBe(1); });`,
      ),
    ).toEqual(['sleep then assertion']);
    expect(
      flagged(
        `import { setTimeout } from 'node:timers/promises'; it('x', async () => { await setTimeout(100); assert.equal(a, 1); });`,
      ),
    ).toEqual(['sleep then assertion']);
    // A helper of the file that only sleeps, however it is named.
    expect(
      flagged(
        `const settle = () => new Promise((r) => setTimeout(r, 150)); it('x', async () => { await settle(); expect(heard).toEqual([]); });`,
      ),
    ).toEqual(['sleep then assertion']);
    expect(
      flagged(
        `function breather(ms: number) { return delay(ms); } it('x', async () => { await breather(5); expect(a).not.toBe(b); });`,
      ),
    ).toEqual(['sleep then assertion']);
  });

  it('flags a sleep and then a helper of test/ that asserts', () => {
    const snippet = `import { expectAccessible } from './fixtures';
      test('x', async ({ page }) => { await page.waitForTimeout(300); await expectAccessible(page, 'Leave'); });`;
    expect(flagged(snippet, new Set(['fixtures.ts:expectAccessible']))).toEqual(['sleep then assertion']);
    expect(flagged(snippet)).toEqual([]);
  });

  it('lets a condition be waited on, a poll sleep between reads, and the two named waits', () => {
    const none = [
      `it('x', async () => { await vi.waitFor(() => expect(x).toBe(1)); expect(y).toBe(2); });`,
      `it('x', async () => { await expect.poll(() => x).toBe(1); expect(y).toBe(2); });`,
      // A sleep, then a condition waited on before anything is asserted.
      `it('x', async () => { await sleep(5); click(); await vi.waitFor(() => expect(x).toBe(1)); });`,
      `test('x', async ({ page }) => { await page.waitForTimeout(10); await page.waitForURL('/a'); await expect(page).toHaveURL('/a'); });`,
      `const until = async (ok: () => boolean) => { while (!ok()) await sleep(25); }; it('x', async () => { await until(() => done); expect(done).toBe(true); });`,
      // The file's own helper that waits on a condition.
      `const pulledIn = async () => { await vi.waitFor(() => expect(a).toBe(1)); }; it('x', async () => { await sleep(5); await pulledIn(); expect(b).toBe(2); });`,
      `it('x', async () => { await quietFor(300, 'requests', () => requests, 0); await app.call('x'); expect(y).toBe(1); });`,
      `it('x', async () => { await letTimePass(random() * 300); child.kill(); expect(done).toBe(false); });`,
      // A sleep that is the work of a server the test made, not the test's wait.
      `it('x', async () => { server.on('c', (s) => setTimeout(() => s.end(), 20)); expect(await get()).toBe(1); });`,
    ];
    for (const snippet of none) expect(flagged(snippet), snippet).toEqual([]);
  });

  it('flags a positive assertion straight after a quiet check', () => {
    expect(
      flagged(
        `it('x', async () => { await quietFor(300, 'pulls', () => pulls, 1); expect(status.phase).toBe('idle'); });`,
      ),
    ).toEqual(['assertion after quietFor']);
    expect(
      flagged(
        `it('x', async () => { await quietFor(300, 'pulls', () => pulls, 1); expect(errors).not.toContain('x'); });`,
      ),
    ).toEqual([]);
  });

  it('flags a test that asserts nothing, and knows the helpers of test/ that do', () => {
    const helpers = [
      source('support/h.ts', `export async function expectShown(x: string) { expect(x).toBe('shown'); }`),
      source(
        'support/g.ts',
        `import { expectShown as shown } from './h'; export const signIn = async (page: Page) => { await shown(await page.title()); };`,
      ),
      source('support/k.ts', `export const signIn = async () => { await fetch('x'); };`),
    ];
    expect([...checkingFunctions(helpers)].sort()).toEqual(['support/g.ts:signIn', 'support/h.ts:expectShown']);
    const found = (text: string) => {
      const probe = source('sync/probe.test.ts', text);
      return testsWithoutAssertion(probe, checkingFunctions([...helpers, probe])).map((f) => f.text);
    };
    expect(found(`it('closes', async () => { app.close(); await sleep(600); });`)).toEqual([`'closes'`]);
    expect(found(`import { signIn } from '../support/g'; it('in', async () => { await signIn(page); });`)).toEqual([]);
    // The same name from a file whose function asserts nothing.
    expect(found(`import { signIn } from '../support/k'; it('in', async () => { await signIn(); });`)).toEqual([
      `'in'`,
    ]);
    const local = `const expectShown = (a: string) => expect(a).toBe('x'); it('shows', async () => { await expectShown(a); });`;
    expect(found(local)).toEqual([]);
    expect(found(`it('rejects', async () => { await expect(p).rejects.toThrow('x'); });`)).toEqual([]);
    expect(found(`it('polls', async () => { await expect.poll(() => n).toBe(1); });`)).toEqual([]);
  });
});
