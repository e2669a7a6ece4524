import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, negotiateLocale, PSEUDO_LOCALES } from '../../src-shared/i18n/locales';

const root = join(__dirname, '..', '..');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** A message's AST element, as `formatjs compile --ast` writes it. */
interface Element {
  type: number;
  value?: string;
  options?: Record<string, { value: Element[] }>;
  children?: Element[];
}

/** The names a message's placeholders use, plural and select branches included (`#` is not one). */
function placeholders(ast: Element[], into = new Set<string>()): Set<string> {
  for (const e of ast) {
    // 0 literal, 7 pound: no name; 8 tag: its children; every other type names its argument.
    if (e.type !== 0 && e.type !== 7 && e.value) into.add(e.type === 8 ? `<${e.value}>` : e.value);
    for (const option of Object.values(e.options ?? {})) placeholders(option.value, into);
    if (e.children) placeholders(e.children, into);
  }
  return into;
}

// The app's catalogs (the renderer's and the rulebook's words) and the service's own (its mails).
const SETS = [
  { name: 'app', home: join(root, 'src-shared', 'i18n') },
  { name: 'service', home: join(root, 'src-server', 'i18n') },
];

describe('the catalogs', () => {
  // Extracted and compiled afresh (npm run i18n, elsewhere): compiling parses every message, so one
  // that is not valid ICU MessageFormat fails here.
  const dir = mkdtempSync(join(tmpdir(), 'catalogs-'));
  execFileSync('node', [join(root, 'scripts', 'i18n.mjs'), '--out', dir], { cwd: root, stdio: 'pipe' });

  describe.each(SETS)('of the $name', ({ name, home }) => {
    const compiled = Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        read(join(dir, name, 'compiled', `${locale}.json`)) as Record<string, Element[]>,
      ]),
    );

    it('hold the English words of every message in the code, as extracted', () => {
      expect(read(join(home, 'catalogs', 'en.json'))).toEqual(read(join(dir, name, 'en.json')));
    });

    it('give every English message in German and French, with the same placeholders', () => {
      const english = compiled['en']!;
      for (const locale of LOCALES.filter((l) => l !== 'en')) {
        expect(Object.keys(compiled[locale]!).sort(), locale).toEqual(Object.keys(english).sort());
        for (const [id, ast] of Object.entries(english)) {
          expect([...placeholders(compiled[locale]![id]!)].sort(), `${locale} ${id}`).toEqual(
            [...placeholders(ast)].sort(),
          );
        }
      }
    });

    it('are compiled as the programs load them (npm run i18n)', () => {
      for (const file of [...LOCALES, ...(name === 'app' ? ['shared-en', ...PSEUDO_LOCALES] : [])]) {
        expect(read(join(home, 'compiled', `${file}.json`)), file).toEqual(
          read(join(dir, name, 'compiled', `${file}.json`)),
        );
      }
    });
  });
});

describe('the language a person reads', () => {
  it('is the first of theirs the app speaks, by language, else English', () => {
    expect(negotiateLocale(['de-AT', 'en-GB'])).toBe('de');
    expect(negotiateLocale(['it-IT', 'fr-CA', 'de'])).toBe('fr');
    expect(negotiateLocale(['pt-BR'])).toBe('en');
    expect(negotiateLocale(['de-DE', 'fr-FR'], ['en', 'fr'])).toBe('fr');
    expect(negotiateLocale([])).toBe('en');
  });
});
