import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { OPERATORS_BY_TYPE, operatorNeedsValue } from '@shared/rules';
import type { Condition, ConditionOperator, ShowIf } from '@shared/wire';
import { Button, Checkbox, Select, TextField } from '@renderer/components/ui';
import { YES_NO } from '../answerWords';
import type { EditableQuestion } from './editableForm';

/** How the builder names a question in a condition: its id once the service has one, else its key. */
export const refOf = (q: Pick<EditableQuestion, 'id' | 'key'>) => q.id ?? q.key;

const MESSAGES = {
  all: defineMessage({ id: 'forms.condition.match.all', defaultMessage: 'All of these' }),
  any: defineMessage({ id: 'forms.condition.match.any', defaultMessage: 'Any of these' }),
  /** A condition's operator in words: "is", "is not", "includes", … */
  operator: defineMessage<{ operator: ConditionOperator }>({
    id: 'forms.condition.operator',
    defaultMessage:
      '{operator, select, equals {is} notEquals {is not} includes {includes} excludes {does not include} greaterThan {is more than} lessThan {is less than} answered {was answered} notAnswered {was not answered} other {{operator}}}',
  }),
  questionName: defineMessage<{ number: number; label: string }>({
    id: 'forms.condition.questionName',
    defaultMessage: '{number}. {label}',
  }),
  noWordsYet: defineMessage({
    id: 'forms.condition.questionName.noWords',
    defaultMessage: 'A question without words yet',
  }),
  legend: defineMessage<{ what: 'question' | 'section' }>({
    id: 'forms.condition.legend',
    defaultMessage: '{what, select, section {When this section is asked} other {When this question is asked}}',
  }),
  showWhen: defineMessage({ id: 'forms.condition.showWhen', defaultMessage: 'Show it when' }),
  // `n`: the condition's number when there are several, else "none".
  group: defineMessage<{ n: string }>({
    id: 'forms.condition.group',
    defaultMessage: '{n, select, none {Condition} other {Condition {n}}}',
  }),
  question: defineMessage<{ n: string }>({
    id: 'forms.condition.question',
    defaultMessage: '{n, select, none {Question} other {Question {n}}}',
  }),
  condition: defineMessage<{ n: string }>({
    id: 'forms.condition.operator.label',
    defaultMessage: '{n, select, none {Condition} other {Condition {n}}}',
  }),
  answer: defineMessage<{ n: string }>({
    id: 'forms.condition.answer',
    defaultMessage: '{n, select, none {Answer} other {Answer {n}}}',
  }),
  remove: defineMessage<{ n: string }>({
    id: 'forms.condition.remove.label',
    defaultMessage: '{n, select, none {Remove condition} other {Remove condition {n}}}',
  }),
  chooseEarlier: defineMessage({ id: 'forms.condition.chooseEarlier', defaultMessage: 'Choose an earlier question' }),
  dateExample: defineMessage({ id: 'forms.condition.dateExample', defaultMessage: 'A date such as 2026-03-02' }),
};

/** A first condition on the question just before: "was answered" until something else is chosen. */
const firstCondition = (about: EditableQuestion): Condition => ({ questionId: refOf(about), operator: 'answered' });

/** The values a condition on this question may compare with, where it has a list of them. */
function choicesOf(about: EditableQuestion, intl: IntlShape): { id: string; name: string }[] | null {
  if (about.type === 'YES_NO')
    return [
      { id: 'yes', name: intl.formatMessage(YES_NO, { answer: 'yes' }) },
      { id: 'no', name: intl.formatMessage(YES_NO, { answer: 'no' }) },
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
  const intl = useIntl();
  const on = !!showIf;
  const last = earlier[earlier.length - 1];
  const setCondition = (i: number, change: Partial<Condition>) =>
    onChange({ ...showIf!, conditions: showIf!.conditions.map((c, j) => (j === i ? { ...c, ...change } : c)) });
  const name = (q: EditableQuestion) =>
    intl.formatMessage(MESSAGES.questionName, {
      number: earlier.indexOf(q) + 1,
      label: q.label || intl.formatMessage(MESSAGES.noWordsYet),
    });
  return (
    <fieldset className="forms-condition forms-wide">
      <legend className="visually-hidden">{intl.formatMessage(MESSAGES.legend, { what })}</legend>
      <Checkbox
        isSelected={on}
        isDisabled={locked || !last}
        onChange={(yes) => onChange(yes && last ? { match: 'all', conditions: [firstCondition(last)] } : null)}
      >
        <FormattedMessage
          id="forms.condition.switch"
          defaultMessage="{what, select, section {Show this section only if…} other {Show this question only if…}}"
          values={{ what }}
        />
      </Checkbox>
      {!last && (
        <p className="hint">
          <FormattedMessage
            id="forms.condition.first"
            defaultMessage="A condition uses an earlier question: this one comes first."
          />
        </p>
      )}
      {on && (
        <div className="forms-condition-rows">
          {showIf.conditions.length > 1 && (
            <Select
              label={intl.formatMessage(MESSAGES.showWhen)}
              items={[
                { id: 'all', name: intl.formatMessage(MESSAGES.all) },
                { id: 'any', name: intl.formatMessage(MESSAGES.any) },
              ]}
              value={showIf.match}
              isDisabled={locked}
              onChange={(match) => onChange({ ...showIf, match: match === 'any' ? 'any' : 'all' })}
            />
          )}
          {showIf.conditions.map((c, i) => {
            const about = earlier.find((q) => refOf(q) === c.questionId);
            const operators = about ? OPERATORS_BY_TYPE[about.type] : [];
            const choices = about ? choicesOf(about, intl) : null;
            const n = showIf.conditions.length > 1 ? String(i + 1) : 'none';
            return (
              <div
                key={i}
                className="forms-condition-row"
                role="group"
                aria-label={intl.formatMessage(MESSAGES.group, { n })}
              >
                <Select
                  label={intl.formatMessage(MESSAGES.question, { n })}
                  items={earlier.map((q) => ({ id: refOf(q), name: name(q) }))}
                  value={about ? c.questionId : ''}
                  isDisabled={locked}
                  error={
                    issues[`conditions[${i}].questionId`] ??
                    (about ? undefined : intl.formatMessage(MESSAGES.chooseEarlier))
                  }
                  onChange={(questionId) => {
                    const next = earlier.find((q) => refOf(q) === questionId);
                    if (next) setCondition(i, { questionId, operator: 'answered', value: null });
                  }}
                />
                <Select
                  label={intl.formatMessage(MESSAGES.condition, { n })}
                  items={operators.map((o) => ({
                    id: o,
                    name: intl.formatMessage(MESSAGES.operator, { operator: o }),
                  }))}
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
                      label={intl.formatMessage(MESSAGES.answer, { n })}
                      items={choices}
                      value={c.value ?? ''}
                      isDisabled={locked}
                      error={issues[`conditions[${i}].value`]}
                      onChange={(value) => setCondition(i, { value })}
                    />
                  ) : (
                    <TextField
                      label={intl.formatMessage(MESSAGES.answer, { n })}
                      description={about?.type === 'DATE' ? intl.formatMessage(MESSAGES.dateExample) : undefined}
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
                  aria-label={intl.formatMessage(MESSAGES.remove, { n })}
                  onPress={() =>
                    onChange(
                      showIf.conditions.length === 1
                        ? null
                        : { ...showIf, conditions: showIf.conditions.filter((_, j) => j !== i) },
                    )
                  }
                >
                  <FormattedMessage id="forms.condition.remove" defaultMessage="Remove" />
                </Button>
              </div>
            );
          })}
          <Button
            isDisabled={locked || !last}
            onPress={() => onChange({ ...showIf, conditions: [...showIf.conditions, firstCondition(last!)] })}
          >
            <FormattedMessage id="forms.condition.add" defaultMessage="Add a condition" />
          </Button>
        </div>
      )}
    </fieldset>
  );
}
