import { OPERATOR_WORDS, OPERATORS_BY_TYPE, operatorNeedsValue } from '@shared/rules';
import type { Condition, ConditionOperator, ShowIf } from '@shared/wire';
import { Button, Checkbox, Select, TextField } from '@renderer/components/ui';
import type { EditableQuestion } from './editableForm';

/** How the builder names a question in a condition: its id once the service has one, else its key. */
export const refOf = (q: Pick<EditableQuestion, 'id' | 'key'>) => q.id ?? q.key;

const MATCHES = [
  { id: 'all', name: 'All of these' },
  { id: 'any', name: 'Any of these' },
];

/** A first condition on the question just before: "was answered" until something else is chosen. */
const firstCondition = (about: EditableQuestion): Condition => ({ questionId: refOf(about), operator: 'answered' });

/** The values a condition on this question may compare with, where it has a list of them. */
function choicesOf(about: EditableQuestion): { id: string; name: string }[] | null {
  if (about.type === 'YES_NO')
    return [
      { id: 'yes', name: 'Yes' },
      { id: 'no', name: 'No' },
    ];
  if (about.type === 'SINGLE_CHOICE' || about.type === 'MULTIPLE_CHOICE') {
    return (about.options ?? []).filter(Boolean).map((o) => ({ id: o, name: o }));
  }
  return null;
}

/**
 * "Show this question only if…" (or a section's): conditions on earlier questions, each a question,
 * an operator in words and a value from that question's options where it has them; all or any.
 */
export function ConditionEditor({
  what,
  showIf,
  earlier,
  locked,
  issues,
  onChange,
}: {
  /** "question" or "section": in the words of the switch and the buttons. */
  what: 'question' | 'section';
  showIf: ShowIf | null | undefined;
  /** The questions before it, in order: the only ones a condition may use. */
  earlier: readonly EditableQuestion[];
  locked: boolean;
  /** The rulebook's words for its conditions, by path under showIf (`conditions[0].value`). */
  issues: Record<string, string>;
  onChange: (showIf: ShowIf | null) => void;
}) {
  const on = !!showIf;
  const last = earlier[earlier.length - 1];
  const setCondition = (i: number, change: Partial<Condition>) =>
    onChange({ ...showIf!, conditions: showIf!.conditions.map((c, j) => (j === i ? { ...c, ...change } : c)) });
  const name = (q: EditableQuestion) => `${earlier.indexOf(q) + 1}. ${q.label || 'A question without words yet'}`;
  return (
    <fieldset className="forms-condition forms-wide">
      <legend className="visually-hidden">When this {what} is asked</legend>
      <Checkbox
        isSelected={on}
        isDisabled={locked || !last}
        onChange={(yes) => onChange(yes && last ? { match: 'all', conditions: [firstCondition(last)] } : null)}
      >
        Show this {what} only if…
      </Checkbox>
      {!last && <p className="hint">A condition uses an earlier question: this one comes first.</p>}
      {on && (
        <div className="forms-condition-rows">
          {showIf.conditions.length > 1 && (
            <Select
              label="Show it when"
              items={MATCHES}
              value={showIf.match}
              isDisabled={locked}
              onChange={(match) => onChange({ ...showIf, match: match === 'any' ? 'any' : 'all' })}
            />
          )}
          {showIf.conditions.map((c, i) => {
            const about = earlier.find((q) => refOf(q) === c.questionId);
            const operators = about ? OPERATORS_BY_TYPE[about.type] : [];
            const choices = about ? choicesOf(about) : null;
            const n = showIf.conditions.length > 1 ? ` ${i + 1}` : '';
            return (
              <div key={i} className="forms-condition-row" role="group" aria-label={`Condition${n}`}>
                <Select
                  label={`Question${n}`}
                  items={earlier.map((q) => ({ id: refOf(q), name: name(q) }))}
                  value={about ? c.questionId : ''}
                  isDisabled={locked}
                  error={issues[`conditions[${i}].questionId`] ?? (about ? undefined : 'Choose an earlier question')}
                  onChange={(questionId) => {
                    const next = earlier.find((q) => refOf(q) === questionId);
                    if (next) setCondition(i, { questionId, operator: 'answered', value: null });
                  }}
                />
                <Select
                  label={`Condition${n}`}
                  items={operators.map((o) => ({ id: o, name: OPERATOR_WORDS[o] }))}
                  value={c.operator}
                  isDisabled={locked || !about}
                  error={issues[`conditions[${i}].operator`]}
                  onChange={(operator) =>
                    setCondition(i, {
                      operator: operator as ConditionOperator,
                      value: operatorNeedsValue(operator as ConditionOperator)
                        ? (c.value ?? choices?.[0]?.id ?? '')
                        : null,
                    })
                  }
                />
                {operatorNeedsValue(c.operator) &&
                  (choices ? (
                    <Select
                      label={`Answer${n}`}
                      items={choices}
                      value={c.value ?? ''}
                      isDisabled={locked}
                      error={issues[`conditions[${i}].value`]}
                      onChange={(value) => setCondition(i, { value })}
                    />
                  ) : (
                    <TextField
                      label={`Answer${n}`}
                      description={about?.type === 'DATE' ? 'A date such as 2026-03-02' : undefined}
                      value={c.value ?? ''}
                      isDisabled={locked}
                      error={issues[`conditions[${i}].value`]}
                      onChange={(value) => setCondition(i, { value })}
                      deferred
                    />
                  ))}
                <Button
                  variant="quiet"
                  isDisabled={locked}
                  aria-label={`Remove condition${n}`}
                  onPress={() =>
                    onChange(
                      showIf.conditions.length === 1
                        ? null
                        : { ...showIf, conditions: showIf.conditions.filter((_, j) => j !== i) },
                    )
                  }
                >
                  Remove
                </Button>
              </div>
            );
          })}
          <Button
            isDisabled={locked || !last}
            onPress={() => onChange({ ...showIf, conditions: [...showIf.conditions, firstCondition(last!)] })}
          >
            Add a condition
          </Button>
        </div>
      )}
    </fieldset>
  );
}
