import { describe, expect, it } from 'vitest';
import {
  hiddenIssue,
  checkAnswers,
  conditionHolds,
  logicIssues,
  OPERATORS_BY_TYPE,
  questionsAsStored,
  shownQuestions,
  showIfWords,
} from '../../src-shared/rules';
import type { Condition, Question, QuestionType, ShowIf } from '../../src-shared/wire';
import { seededRandom } from '../support/faultProxy';

const q = (id: string, type: QuestionType, extra: Partial<Question> = {}): Question => ({
  id,
  type,
  label: `Question ${id}`,
  description: null,
  required: false,
  options: type === 'SINGLE_CHOICE' || type === 'MULTIPLE_CHOICE' ? ['Red', 'Green', 'Blue'] : null,
  min: type === 'RATING' ? 1 : type === 'SCALE' ? 0 : null,
  max: type === 'RATING' ? 5 : type === 'SCALE' ? 10 : null,
  order: 0,
  ...extra,
});
const when = (questionId: string, operator: Condition['operator'], value?: string): ShowIf => ({
  match: 'all',
  conditions: [{ questionId, operator, ...(value === undefined ? {} : { value }) }],
});
const holds = (type: QuestionType, operator: Condition['operator'], value: string | undefined, answer?: string) =>
  conditionHolds({ questionId: 'a', operator, value }, type, answer);

describe('the form logic evaluator', () => {
  it('compares each type with its operators', () => {
    expect([holds('YES_NO', 'equals', 'no', 'no'), holds('YES_NO', 'equals', 'no', 'yes')]).toEqual([true, false]);
    expect([holds('YES_NO', 'notEquals', 'no', 'yes'), holds('YES_NO', 'notEquals', 'no', undefined)]).toEqual([
      true,
      true,
    ]);
    expect(holds('SINGLE_CHOICE', 'equals', 'Green', 'Green')).toBe(true);
    expect(holds('TEXT', 'equals', 'remote', ' Remote ')).toBe(true);
    expect([holds('NUMBER', 'equals', '3', '3.0'), holds('NUMBER', 'greaterThan', '3', '10')]).toEqual([true, true]);
    expect([holds('NUMBER', 'lessThan', '3', '10'), holds('NUMBER', 'greaterThan', '3', undefined)]).toEqual([
      false,
      false,
    ]);
    expect([holds('RATING', 'lessThan', '3', '2'), holds('SCALE', 'greaterThan', '6', '6')]).toEqual([true, false]);
    expect([
      holds('DATE', 'greaterThan', '2026-06-01', '2026-06-02'),
      holds('DATE', 'equals', '2026-06-01', '2026-06-01'),
    ]).toEqual([true, true]);
    expect(holds('MULTIPLE_CHOICE', 'includes', 'Red', '["Blue","Red"]')).toBe(true);
    expect(holds('MULTIPLE_CHOICE', 'excludes', 'Red', '["Blue"]')).toBe(true);
    expect(holds('MULTIPLE_CHOICE', 'includes', 'Red', '[]')).toBe(false);
    expect(holds('MULTIPLE_CHOICE', 'excludes', 'Red', '[]')).toBe(true);
    for (const type of Object.keys(OPERATORS_BY_TYPE) as QuestionType[]) {
      expect([holds(type, 'answered', undefined, ''), holds(type, 'notAnswered', undefined, '  ')]).toEqual([
        false,
        true,
      ]);
    }
    expect(holds('TEXTAREA', 'answered', undefined, 'Some words')).toBe(true);
  });

  it('asks a question when all or any of its conditions hold, and forgets the answers of those it hides', () => {
    const form = [
      q('stay', 'YES_NO'),
      q('why', 'TEXTAREA', { showIf: when('stay', 'equals', 'no') }),
      q('score', 'RATING'),
      q('either', 'TEXT', {
        showIf: {
          match: 'any',
          conditions: [
            { questionId: 'why', operator: 'answered' },
            { questionId: 'score', operator: 'lessThan', value: '3' },
          ],
        },
      }),
      q('both', 'TEXT', {
        showIf: {
          match: 'all',
          conditions: [
            { questionId: 'why', operator: 'answered' },
            { questionId: 'score', operator: 'lessThan', value: '3' },
          ],
        },
      }),
    ];
    const shown = (answers: Record<string, string>) => [...shownQuestions(form, new Map(Object.entries(answers)))];
    expect(shown({ stay: 'no', why: 'Pay', score: '2' })).toEqual(['stay', 'why', 'score', 'either', 'both']);
    expect(shown({ stay: 'no', why: 'Pay', score: '4' })).toEqual(['stay', 'why', 'score', 'either']);
    // "why" is hidden once the answer is Yes: its words, still in the draft, count as not given.
    expect(shown({ stay: 'yes', why: 'Pay', score: '4' })).toEqual(['stay', 'score']);
    expect(shown({ stay: 'yes', why: 'Pay', score: '1' })).toEqual(['stay', 'score', 'either']);
    expect(showIfWords(form[3]!.showIf!, form)).toBe(
      'Shown if “Question why” was answered or “Question score” is less than 3',
    );
    expect(showIfWords(form[1]!.showIf!, form)).toBe('Shown if “Question stay” is No');
  });

  it('hides a section’s questions together', () => {
    const form = [
      q('remote', 'YES_NO'),
      q('where', 'TEXT', { section: { title: 'Working from home', showIf: when('remote', 'equals', 'yes') } }),
      q('desk', 'YES_NO'),
      q('after', 'TEXT', { section: { title: 'Everyone' } }),
    ];
    expect([...shownQuestions(form, new Map([['remote', 'no']]))]).toEqual(['remote', 'after']);
    expect([...shownQuestions(form, new Map([['remote', 'yes']]))]).toEqual(['remote', 'where', 'desk', 'after']);
    expect(hiddenIssue('where', form[2]!, form, new Map([['remote', 'no']])).message).toBe(
      'This question is not asked when “Question remote” is No',
    );
  });

  it('checks answers by what is asked: a hidden answer refused in words, a hidden required question not required', () => {
    const form = [
      q('stay', 'YES_NO', { required: true }),
      q('why', 'TEXT', { required: true, showIf: when('stay', 'equals', 'no') }),
    ];
    expect(checkAnswers(form, [{ questionId: 'stay', value: 'yes' }]).ok).toBe(true);
    expect(checkAnswers(form, [{ questionId: 'stay', value: 'no' }])).toMatchObject({
      ok: false,
      issues: [{ path: 'answers.why', message: 'Answer “Question why”' }],
    });
    expect(
      checkAnswers(form, [
        { questionId: 'stay', value: 'yes' },
        { questionId: 'why', value: 'Pay' },
      ]),
    ).toMatchObject({
      ok: false,
      issues: [{ path: 'answers.why', message: 'This question is not asked when “Question stay” is Yes' }],
    });
  });

  it('refuses in words a condition on a later or missing question, an operator its type has not, a value it cannot be', () => {
    const form = [
      q('a', 'YES_NO', { showIf: when('b', 'equals', 'yes') }),
      q('b', 'YES_NO'),
      q('c', 'RATING', { showIf: when('b', 'includes', 'yes') }),
      q('d', 'TEXT', { showIf: when('nowhere', 'answered') }),
      q('e', 'TEXT', { showIf: when('c', 'greaterThan', 'many') }),
      q('f', 'SINGLE_CHOICE', { section: { title: 'More', showIf: when('f', 'answered') } }),
    ];
    expect(logicIssues(form)).toMatchObject([
      {
        path: 'questions[0].showIf.conditions[0].questionId',
        message: 'A condition may only use a question asked before: “Question b” comes later',
      },
      {
        path: 'questions[2].showIf.conditions[0].operator',
        message:
          '“includes” cannot be asked of “Question b”: choose “is”, “is not”, “was answered”, “was not answered”',
      },
      {
        path: 'questions[3].showIf.conditions[0].questionId',
        message: 'A condition refers to a question that is not in the form',
      },
      { path: 'questions[4].showIf.conditions[0].value', message: 'Enter a number to compare “Question c” with' },
      {
        path: 'questions[5].section.showIf.conditions[0].questionId',
        message: 'A condition may only use a question asked before: “Question f” comes later',
      },
    ]);
  });

  it('lets a condition of a save name a new question by its ref', () => {
    let n = 0;
    const saved = questionsAsStored(
      [
        { type: 'YES_NO', label: 'Stay?', required: true, ref: 'stay' },
        { type: 'TEXT', label: 'Why not?', required: false, showIf: when('stay', 'equals', 'no') },
      ],
      [],
      () => `id-${++n}`,
    );
    expect(saved.ok && saved.questions[1]!.showIf).toEqual(when('id-1', 'equals', 'no'));
    const moved = questionsAsStored(
      [
        { type: 'TEXT', label: 'Why not?', required: false, showIf: when('stay', 'equals', 'no'), order: 0 },
        { type: 'YES_NO', label: 'Stay?', required: true, ref: 'stay', order: 1 },
      ],
      [],
      () => `id-${++n}`,
    );
    expect(moved.ok ? null : moved.issues[0]).toMatchObject({
      path: 'questions[0].showIf.conditions[0].questionId',
      message: 'A condition may only use a question asked before: “Stay?” comes later',
    });
  });
});

/** The rule said plainly, question by question from scratch: asked when its section's and its own conditions hold on asked questions' answers. */
function askedPlainly(form: Question[], answers: Map<string, string>, id: string): boolean {
  const index = form.findIndex((x) => x.id === id);
  let opener = -1;
  for (let i = index; i >= 0 && opener < 0; i--) if (form[i]!.section) opener = i;
  const holdsAll = (showIf: ShowIf | null | undefined) => {
    if (!showIf) return true;
    const each = (c: Condition) => {
      const about = form.find((x) => x.id === c.questionId)!;
      const answer = askedPlainly(form, answers, about.id) ? answers.get(about.id) : undefined;
      return conditionHolds(c, about.type, answer);
    };
    return showIf.match === 'all' ? showIf.conditions.every(each) : showIf.conditions.some(each);
  };
  return (opener < 0 || holdsAll(form[opener]!.section!.showIf)) && holdsAll(form[index]!.showIf);
}

describe('1,000 random forms with random answers', () => {
  it('the app’s one-pass decision agrees with the rule said plainly, and the service takes exactly the answers asked', () => {
    const random = seededRandom(51);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const types = Object.keys(OPERATORS_BY_TYPE) as QuestionType[];
    const valueFor = (type: QuestionType): string => {
      switch (type) {
        case 'YES_NO':
          return pick(['yes', 'no']);
        case 'SINGLE_CHOICE':
          return pick(['Red', 'Green', 'Blue']);
        case 'MULTIPLE_CHOICE':
          return JSON.stringify(['Red', 'Green', 'Blue'].filter(() => random() < 0.5));
        case 'RATING':
          return String(1 + Math.floor(random() * 5));
        case 'SCALE':
        case 'NUMBER':
          return String(Math.floor(random() * 11));
        case 'DATE':
          return `2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`;
        default:
          return pick(['red', 'Green', 'blue']);
      }
    };
    for (let n = 0; n < 1000; n++) {
      const form: Question[] = [];
      const size = 2 + Math.floor(random() * 8);
      for (let i = 0; i < size; i++) {
        const type = pick(types);
        const conditionsOn = () =>
          Array.from({ length: 1 + Math.floor(random() * 2) }, () => {
            const about = pick(form);
            const operator = pick(OPERATORS_BY_TYPE[about.type]);
            const value = operator === 'answered' || operator === 'notAnswered' ? undefined : valueFor(about.type);
            return {
              questionId: about.id,
              operator,
              ...(value === undefined ? {} : { value: value.replace(/^\[.*\]$/, 'Red') }),
            };
          });
        const showIf =
          i > 0 && random() < 0.6 ? { match: pick(['all', 'any'] as const), conditions: conditionsOn() } : null;
        const section =
          i > 0 && random() < 0.25
            ? {
                title: `Section ${i}`,
                showIf: random() < 0.5 ? { match: 'all' as const, conditions: conditionsOn() } : null,
              }
            : null;
        form.push(q(`q${i}`, type, { showIf, section, order: i }));
      }
      expect(logicIssues(form)).toEqual([]);
      const answers = new Map(form.filter(() => random() < 0.8).map((x) => [x.id, valueFor(x.type)] as const));
      const shown = shownQuestions(form, answers);
      for (const x of form) expect(shown.has(x.id), `form ${n}, ${x.id}`).toBe(askedPlainly(form, answers, x.id));
      // What the app sends (the answers of questions asked) the service takes; every hidden answer it refuses.
      const sent = [...answers].filter(([id]) => shown.has(id)).map(([questionId, value]) => ({ questionId, value }));
      expect(checkAnswers(form, sent).ok, `form ${n}`).toBe(true);
      const hiddenAnswered = [...answers].filter(([id, v]) => !shown.has(id) && v.trim() !== '' && v !== '[]');
      const all = checkAnswers(
        form,
        [...answers].map(([questionId, value]) => ({ questionId, value })),
      );
      expect(all.ok ? [] : all.issues.map((i) => i.path).sort()).toEqual(
        hiddenAnswered.map(([id]) => `answers.${id}`).sort(),
      );
    }
  });
});
