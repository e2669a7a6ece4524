import { formAssignedWords, storedWords as said } from '@shared/records/notificationWords';
import { addDays } from '@shared/calendar/dates';
import { anonymousTime } from '@shared/records/anonymity';
import type { FormStatus, Question, QuestionType } from '@shared/wire';
import { insertDistribution, replaceQuestions, writeForm } from '../forms/formStore';
import { insertResponse, insertSubmitter } from '../forms/responseStore';
import { submitterHash } from '../forms/submissions';
import { insertNotification } from '../notifications/notificationStore';
import { SeededRandom } from './random';
import type { WorkloadContext } from './seedContext';

// Demo forms: every status, every question type, anonymous and named, distributed or public,
// and answers enough for the analytics to say something.

type DemoQuestion = Pick<Question, 'type' | 'label'> &
  Partial<Pick<Question, 'options' | 'min' | 'max' | 'required'>> & {
    /** Asked only after this answer to the question just before it (a follow-up). */
    followsUp?: string;
  };

interface DemoForm {
  title: string;
  description: string;
  status: FormStatus;
  isAnonymous?: boolean;
  requireAuthentication?: boolean;
  allowMultipleSubmissions?: boolean;
  /** Days from today; null for none. */
  openInDays?: number | null;
  closeInDays?: number | null;
  createdDaysAgo: number;
  distribute: 'all' | 'first-department' | 'none';
  /** Share of the audience that answered, and over how many past days. */
  answered: number;
  answerDays: [number, number];
  questions: DemoQuestion[];
}

const FORMS: DemoForm[] = [
  {
    title: 'Employee engagement pulse',
    description: 'Five minutes, fully anonymous. Tell us how things really are.',
    status: 'PUBLISHED',
    isAnonymous: true,
    closeInDays: 14,
    createdDaysAgo: 21,
    distribute: 'all',
    answered: 0.6,
    answerDays: [0, 20],
    questions: [
      {
        type: 'SCALE',
        label: 'How likely are you to recommend working here to a friend?',
        min: 0,
        max: 10,
        required: true,
      },
      { type: 'RATING', label: 'How do you rate your work-life balance?', required: true },
      {
        type: 'MULTIPLE_CHOICE',
        label: 'What would improve your week?',
        options: ['Fewer meetings', 'More focus time', 'Better tools', 'Clearer goals', 'Team events'],
      },
      { type: 'YES_NO', label: 'Do you see yourself here in a year?' },
      { type: 'TEXTAREA', label: 'What would make you stay?', followsUp: 'no' },
      { type: 'TEXTAREA', label: 'Anything else you want to tell us?' },
    ],
  },
  {
    title: 'Training feedback: Fire safety',
    description: 'Help us improve the fire safety course.',
    status: 'PUBLISHED',
    closeInDays: 30,
    createdDaysAgo: 12,
    distribute: 'first-department',
    answered: 0.7,
    answerDays: [0, 10],
    questions: [
      {
        type: 'SINGLE_CHOICE',
        label: 'Which session did you attend?',
        options: ['Morning', 'Afternoon', 'Online'],
        required: true,
      },
      { type: 'DATE', label: 'When did you attend?' },
      { type: 'RATING', label: 'How good was the trainer?' },
      { type: 'NUMBER', label: 'How many hours did it take, travel included?', min: 0, max: 24 },
      { type: 'TEXT', label: 'One thing you learned' },
      { type: 'YES_NO', label: 'Would you recommend it to a colleague?' },
    ],
  },
  {
    title: 'Office move survey',
    description: 'Where should our next office be?',
    status: 'CLOSED',
    closeInDays: -50,
    createdDaysAgo: 95,
    distribute: 'all',
    answered: 0.5,
    answerDays: [52, 90],
    questions: [
      {
        type: 'SINGLE_CHOICE',
        label: 'Preferred location',
        options: ['City centre', 'Business park', 'Stay where we are'],
      },
      { type: 'SCALE', label: 'How disruptive would a move be for you?', min: 1, max: 7 },
      { type: 'TEXT', label: 'Your main concern' },
    ],
  },
  {
    title: 'Benefits preferences 2027',
    description: 'Draft: which benefits matter most to you?',
    status: 'DRAFT',
    createdDaysAgo: 3,
    distribute: 'none',
    answered: 0,
    answerDays: [0, 0],
    questions: [
      {
        type: 'MULTIPLE_CHOICE',
        label: 'Pick up to three',
        options: ['Pension', 'Gym', 'Train pass', 'Extra leave', 'Training budget'],
        max: 3,
      },
      { type: 'NUMBER', label: 'How far do you commute (km)?', min: 0 },
      { type: 'TEXTAREA', label: 'What is missing?' },
    ],
  },
  {
    title: 'Visitor feedback',
    description: 'For guests at reception; no account needed.',
    status: 'PUBLISHED',
    requireAuthentication: false,
    allowMultipleSubmissions: true,
    createdDaysAgo: 60,
    distribute: 'none',
    answered: 0.25,
    answerDays: [0, 58],
    questions: [
      { type: 'RATING', label: 'How was your visit?', required: true },
      { type: 'TEXT', label: 'What could we do better?' },
    ],
  },
  {
    title: 'Remote work policy consultation',
    description: 'Opens soon: your view on the new remote work policy.',
    status: 'PUBLISHED',
    openInDays: 3,
    closeInDays: 24,
    createdDaysAgo: 1,
    distribute: 'none',
    answered: 0,
    answerDays: [0, 0],
    questions: [
      { type: 'SINGLE_CHOICE', label: 'Days in the office you prefer', options: ['0', '1', '2', '3', '4', '5'] },
      { type: 'TEXTAREA', label: 'Comments' },
    ],
  },
];

/** A stream's seed from the whole of an organization's id: each organization's records get ids of their own. */
const seedOf = (organizationId: string, salt: number) =>
  [...organizationId].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, salt);

/** What those who do not see themselves here in a year say would make them stay. */
const STAY_TEXTS = [
  'A clear path to a senior role',
  'Pay in line with the market',
  'Less time in meetings',
  'Working from home two days a week',
  'A manager who has time for me',
];

const TEXTS = [
  'Great team and friendly people',
  'More time for deep work would help',
  'The new tools are great',
  'Too many meetings on Mondays',
  'Clearer goals for the quarter please',
  'Parking is a problem',
  'Love the flexible hours',
  'Better coffee in the kitchen',
  'Training was practical and useful',
  'The trainer explained the evacuation plan well',
];

function answer(random: SeededRandom, q: DemoQuestion, today: string): { value: string; number: number | null } | null {
  if (!q.required && random.chance(0.15)) return null;
  const skewed = (min: number, max: number) => Math.round(min + (max - min) * Math.sqrt(random.next()));
  const value = (type: QuestionType): { value: string; number: number | null } => {
    switch (type) {
      case 'TEXT':
      case 'TEXTAREA':
        return { value: random.pick(TEXTS), number: null };
      case 'NUMBER': {
        const n = random.int(q.min ?? 0, Math.min(q.max ?? 40, 40));
        return { value: String(n), number: n };
      }
      case 'DATE':
        return { value: addDays(today, -random.int(1, 30)), number: null };
      case 'SINGLE_CHOICE':
        return { value: random.pick(q.options!), number: null };
      case 'MULTIPLE_CHOICE': {
        const picked = q.options!.filter(() => random.chance(0.35));
        const chosen = picked.length ? picked : [random.pick(q.options!)];
        return { value: JSON.stringify(chosen.slice(0, q.max ?? chosen.length)), number: null };
      }
      case 'RATING': {
        const n = skewed(1, 5);
        return { value: String(n), number: n };
      }
      case 'SCALE': {
        const n = skewed(q.min ?? 0, q.max ?? 10);
        return { value: String(n), number: n };
      }
      case 'YES_NO':
        return { value: random.chance(0.7) ? 'yes' : 'no', number: null };
    }
  };
  return value(q.type);
}

export async function seedForms(ctx: WorkloadContext, departmentIds: string[]): Promise<number> {
  const { tenant, random, today } = ctx;
  const followUps = new SeededRandom(seedOf(ctx.organizationId, 101));
  const at = (daysAgo: number, hour = 10) => `${addDays(today, -daysAgo)}T${String(hour).padStart(2, '0')}:00:00.000Z`;
  /** When something happened: never after now, even today. */
  const past = (daysAgo: number, hour = 10) => {
    const t = at(daysAgo, hour);
    return t < ctx.now ? t : ctx.now;
  };
  let responses = 0;
  for (const f of FORMS) {
    const formId = random.idAt(past(f.createdDaysAgo, 9));
    const closeDate = f.closeInDays == null ? null : at(-f.closeInDays, 23);
    const createdAt = past(f.createdDaysAgo, 9);
    const questions = f.questions.map((q, position): Question => {
      const range =
        q.type === 'RATING' ? { min: 1, max: 5 } : q.type === 'SCALE' ? { min: q.min ?? 0, max: q.max ?? 10 } : q;
      return {
        // A follow-up's id and answers come from a stream of their own: the rest stays as it was.
        id: q.followsUp ? followUps.uuid() : random.uuid(),
        type: q.type,
        label: q.label,
        description: null,
        required: !!q.required,
        options: q.options ?? null,
        min: range.min ?? null,
        max: range.max ?? null,
        minLabel: null,
        maxLabel: null,
        order: position,
        showIf: null,
        section: null,
      };
    });
    // A follow-up is asked after the answer it names to the question before it.
    for (const [i, q] of f.questions.entries()) {
      if (!q.followsUp) continue;
      questions[i]!.showIf = {
        match: 'all',
        conditions: [{ questionId: questions[i - 1]!.id, operator: 'equals', value: q.followsUp }],
      };
    }
    await writeForm(tenant, {
      id: formId,
      title: f.title,
      description: f.description,
      isAnonymous: !!f.isAnonymous,
      requireAuthentication: f.requireAuthentication !== false,
      allowMultipleSubmissions: !!f.allowMultipleSubmissions,
      maxSubmissions: null,
      openDate: f.openInDays == null ? null : at(-f.openInDays, 8),
      closeDate,
      status: f.status,
      questions,
      responseCount: 0,
      createdBy: ctx.adminId,
      createdAt,
      updatedAt: createdAt,
      version: 1,
    });
    await replaceQuestions(tenant, formId, questions);

    const audience =
      f.distribute === 'all'
        ? ctx.users
        : f.distribute === 'first-department'
          ? ctx.users.filter((u) => u.departmentId === departmentIds[0])
          : [];
    const sentDaysAgo = Math.max(0, f.createdDaysAgo - 1);
    for (const user of audience) {
      await insertDistribution(tenant, formId, user.id, past(sentDaysAgo, 9));
      const read = random.chance(0.6) ? past(Math.max(0, sentDaysAgo - 1), 12) : null;
      await insertNotification(tenant, {
        id: random.idAt(past(sentDaysAgo, 9)),
        userId: user.id,
        type: 'FORM_ASSIGNED',
        ...said(formAssignedWords(f.title, closeDate), { formId }),
        readAt: read,
        dedupeKey: `form-assigned:${formId}`,
        createdAt: past(sentDaysAgo, 9),
        updatedAt: read ?? past(sentDaysAgo, 9),
        version: read ? 2 : 1,
      });
    }

    // Respondents: the audience, or for a public form, visitors without an account.
    const pool = f.distribute === 'none' ? ctx.users.map(() => null) : audience;
    let count = 0;
    for (const respondent of pool) {
      if (f.answered === 0 || !random.chance(f.answered)) continue;
      const uuid = random.uuid();
      const daysAgo = random.int(f.answerDays[0], f.answerDays[1]);
      const given = past(daysAgo, random.int(8, 18));
      const submittedAt = f.isAnonymous ? anonymousTime(given) : given;
      const responseId = random.idAt(submittedAt, uuid);
      if (f.isAnonymous && respondent)
        await insertSubmitter(tenant, formId, await submitterHash(ctx.engine, formId, respondent.id));
      const answers: { questionId: string; value: string; number: number | null }[] = [];
      const unasked: string[] = [];
      for (const [i, q] of questions.entries()) {
        const asked = f.questions[i]!;
        if (asked.followsUp) {
          const before = answers.find((a) => a.questionId === questions[i - 1]!.id)?.value;
          if (before !== asked.followsUp) unasked.push(q.id);
          else if (followUps.chance(0.7))
            answers.push({ questionId: q.id, value: followUps.pick(STAY_TEXTS), number: null });
          continue;
        }
        const a = answer(random, asked, today);
        if (a) answers.push({ questionId: q.id, ...a });
      }
      await insertResponse(
        tenant,
        { id: responseId, formId, respondentId: f.isAnonymous || !respondent ? null : respondent.id, submittedAt },
        answers,
        unasked,
      );
      count += 1;
    }
    responses += count;
  }
  await seedOnboarding(ctx);
  return responses;
}

/**
 * A form in sections, the last asked only of those who work from home: published, sent to nobody
 * yet, drawn from a stream of its own so everything else stays as it was.
 */
async function seedOnboarding(ctx: WorkloadContext): Promise<void> {
  const random = new SeededRandom(seedOf(ctx.organizationId, 211));
  const createdAt = `${addDays(ctx.today, -2)}T09:00:00.000Z`;
  const formId = random.idAt(createdAt < ctx.now ? createdAt : ctx.now);
  const ids = Array.from({ length: 6 }, () => random.uuid());
  const base = { description: null, min: null, max: null, minLabel: null, maxLabel: null, showIf: null };
  const questions: Question[] = [
    {
      ...base,
      id: ids[0]!,
      type: 'DATE',
      label: 'Your first day',
      required: true,
      options: null,
      order: 0,
      section: { title: 'About you', description: 'So your team is ready for you', showIf: null },
    },
    {
      ...base,
      id: ids[1]!,
      type: 'TEXT',
      label: 'What should we call you?',
      required: false,
      options: null,
      order: 1,
      section: null,
    },
    {
      ...base,
      id: ids[2]!,
      type: 'SINGLE_CHOICE',
      label: 'Your laptop',
      required: true,
      options: ['Mac', 'Windows', 'Linux'],
      order: 2,
      section: { title: 'Your equipment', description: null, showIf: null },
    },
    {
      ...base,
      id: ids[3]!,
      type: 'YES_NO',
      label: 'Will you work from home some days?',
      required: true,
      options: null,
      order: 3,
      section: null,
    },
    {
      ...base,
      id: ids[4]!,
      type: 'NUMBER',
      label: 'How many days a week?',
      required: true,
      options: null,
      min: 1,
      max: 5,
      order: 4,
      section: {
        title: 'Working from home',
        description: 'We send a chair and a screen to those who need them',
        showIf: { match: 'all', conditions: [{ questionId: ids[3]!, operator: 'equals', value: 'yes' }] },
      },
    },
    {
      ...base,
      id: ids[5]!,
      type: 'YES_NO',
      label: 'Do you need a chair?',
      required: false,
      options: null,
      order: 5,
      section: null,
    },
  ];
  const at = createdAt < ctx.now ? createdAt : ctx.now;
  await writeForm(ctx.tenant, {
    id: formId,
    title: 'New starter onboarding',
    description: 'Three short sections before your first day.',
    isAnonymous: false,
    requireAuthentication: true,
    allowMultipleSubmissions: false,
    maxSubmissions: null,
    openDate: null,
    closeDate: null,
    status: 'PUBLISHED',
    questions,
    responseCount: 0,
    createdBy: ctx.adminId,
    createdAt: at,
    updatedAt: at,
    version: 1,
  });
  await replaceQuestions(ctx.tenant, formId, questions);
}
