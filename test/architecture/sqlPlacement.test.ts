import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// SQL lives in stores (`*Store.ts`), migrations, the database engines (the service's `db/engine/`,
// the SQLite opener of `src-node/sqlite/`) and the cache's generic row helpers (`src-main/core/cache/`).
// Anywhere else a statement is a store's job leaking out: this walks every string and template of the
// product's code and names the ones that read as SQL.

const ROOT = join(__dirname, '..', '..');
const PRODUCT = ['src-main', 'src-server', 'src-node', 'src-shared', 'src-renderer'];

const SQL = [
  /\bSELECT\b[\s\S]*\bFROM\b/,
  /\bINSERT\s+(OR\s+\w+\s+)?INTO\b/,
  /\bUPDATE\s+\w+\s+SET\b/,
  /\bDELETE\s+FROM\b/,
  /\bWHERE\b/,
  /\b(LEFT\s+|INNER\s+)?JOIN\s+\w+\s+(\w+\s+)?ON\b/,
  /\b(ORDER|GROUP)\s+BY\b/,
  /\bON\s+CONFLICT\b/,
  /\b(CREATE|DROP|ALTER)\s+(TABLE|INDEX|UNIQUE\s+INDEX|VIEW|TRIGGER)\b/,
  /\bPRAGMA\s+\w+/,
];

export function allowed(path: string): boolean {
  const p = path.split(sep).join('/');
  return (
    /Store\.ts$/.test(p) ||
    p.includes('/migrations/') ||
    p.startsWith('src-server/db/engine/') ||
    p.startsWith('src-node/sqlite/') ||
    p.startsWith('src-main/core/cache/')
  );
}

/** The strings of a source that read as SQL, with their line. */
export function sqlStrings(fileName: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    let literal: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateExpression(node))
      literal = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ? ');
    if (literal !== null && SQL.some((re) => re.test(literal))) {
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: literal.slice(0, 80) });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('SQL placement', () => {
  it('keeps every statement in a store, a migration, an engine or the cache’s row helpers', () => {
    const misplaced = PRODUCT.flatMap((top) => sources(join(ROOT, top)))
      .map((path) => relative(ROOT, path))
      .filter((path) => !allowed(path))
      .flatMap((path) =>
        sqlStrings(path, readFileSync(join(ROOT, path), 'utf8')).map((s) => `${path}:${s.line} ${s.text}`),
      );
    expect(misplaced).toEqual([]);
  });

  it('names a statement outside a store, and lets the same one be in a store', () => {
    const probe = [
      "const a = db.prepare('SELECT id FROM leave WHERE user_id = ?');",
      'const b = `DELETE FROM outbox WHERE id = ${id}`;',
      "const c = ' AND status = ?' + ' ORDER BY start_date';",
      'const d = "UPDATE leave SET status = ?";',
      "const e = 'INSERT OR REPLACE INTO people (id) VALUES (?)';",
      "const words = 'Select a person from the list'; const ics = 'BEGIN:VCALENDAR';",
    ].join('\n');
    expect(sqlStrings('src-main/core/sync/probe.ts', probe).map((s) => s.line)).toEqual([1, 2, 3, 4, 5]);
    expect(allowed('src-main/core/sync/probe.ts')).toBe(false);
    expect(allowed('src-server/forms/routes.ts')).toBe(false);
    expect(allowed('src-main/core/leave/leaveStore.ts')).toBe(true);
    expect(allowed('src-server/db/migrations/001_init.ts')).toBe(true);
    expect(allowed('src-main/core/cache/bulkLoad.ts')).toBe(true);
  });
});
