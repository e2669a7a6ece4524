import { describe, expect, it } from 'vitest';
import { changesOf, editableFrom } from '../../src-renderer/features/forms/admin/editableForm';
import type { Form, Question } from '../../src-shared/wire';

const question = (id: string, extra: Partial<Question> = {}): Question => ({
  id,
  type: 'YES_NO',
  label: `Question ${id}`,
  description: null,
  required: false,
  options: null,
  min: null,
  max: null,
  order: 0,
  ...extra,
});

const form = (questions: Question[]): Form => ({
  id: 'local-form',
  title: 'Made offline',
  description: null,
  isAnonymous: false,
  requireAuthentication: true,
  allowMultipleSubmissions: false,
  maxSubmissions: null,
  openDate: null,
  closeDate: null,
  status: 'DRAFT',
  questions,
  responseCount: 0,
  createdBy: 'me',
  createdAt: '2026-11-28T06:00:00.000Z',
  updatedAt: '2026-11-28T06:00:00.000Z',
  version: 0,
});

describe('the builder’s copy of a form', () => {
  it('names a question made on this computer by its key in conditions, and sends that key as its ref', () => {
    const condition = {
      match: 'all' as const,
      conditions: [{ questionId: 'local-q1', operator: 'equals' as const, value: 'no' }],
    };
    const editable = editableFrom(
      form([question('local-q1'), question('local-q2', { type: 'TEXT', showIf: condition })]),
      ['k1', 'k2'],
    );
    expect(editable.questions[1]!.showIf?.conditions[0]?.questionId).toBe('k1');
    const sent = changesOf(editable, true).questions!;
    expect(sent[0]).toMatchObject({ ref: 'k1' });
    expect(sent[0]).not.toHaveProperty('id');
    expect(sent[1]!.showIf?.conditions[0]?.questionId).toBe('k1');
  });

  it('keeps the service’s ids, and conditions on them, as they are', () => {
    const condition = { match: 'any' as const, conditions: [{ questionId: 'q1', operator: 'answered' as const }] };
    const editable = editableFrom(
      form([question('q1'), question('q2', { section: { title: 'More', showIf: condition } })]),
    );
    expect(editable.questions[1]!.section?.showIf).toEqual(condition);
    expect(changesOf(editable, true).questions![0]).toMatchObject({ id: 'q1' });
    expect(changesOf(editable, true).questions![0]).not.toHaveProperty('ref');
  });
});
