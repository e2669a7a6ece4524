import { memo, type DragEvent } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import type { QuestionType } from '@shared/wire';
import { Button, Checkbox, NumberField, Select, TextField, type TypedNumber } from '@renderer/components/ui';
import type { FieldErrors } from '@renderer/state/useAppAction';
import { SEPARATOR } from '@renderer/i18n/punctuation';
import { DRAG } from '../marks';
import { QUESTION_TYPE_NAME, QUESTION_TYPES, retyped, type EditableQuestion } from './editableForm';
import { QUESTION_NUMBER } from './formWords';
import { OptionsEditor } from './OptionsEditor';
import { ConditionEditor, refOf } from './ConditionEditor';
import { showIfWords } from '@shared/rules';

export interface QuestionCardProps {
  q: EditableQuestion;
  index: number;
  count: number;
  locked: boolean;
  /** The rulebook's messages for this question, by field (`label`, `options`, `max`…). */
  issues: FieldErrors;
  /** A change made from the question as it stands then (typing hands its keys on in a transition). */
  onChange: (key: string, change: (q: EditableQuestion) => EditableQuestion) => void;
  onMove: (key: string, to: number) => void;
  onDuplicate: (key: string) => void;
  onDelete: (key: string) => void;
  onDragStart: (key: string) => void;
  onDropOn: (key: string) => void;
  /** Focus left the question. */
  onLeave: (key: string) => void;
  /**
   * The questions before it, when it (or the section it opens) has a condition: its condition's
   * words follow their changes. Null otherwise (the card then stays as it is while others change).
   */
  conditionsOn: readonly EditableQuestion[] | null;
  /** The questions before a question, read when a condition is first added. */
  earlierOf: (key: string) => readonly EditableQuestion[];
  /** The rulebook's words on its condition and its section's, by path under each. */
  logic: { showIf: Record<string, string>; section: Record<string, string> } | null;
}

const MESSAGES = {
  drag: defineMessage({ id: 'forms.card.drag', defaultMessage: 'Drag to move; or use Move up and Move down' }),
  section: defineMessage<{ condition: string }>({
    id: 'forms.card.sectionCondition',
    defaultMessage: 'Section: {condition}',
  }),
  question: defineMessage({ id: 'forms.card.question', defaultMessage: 'Question' }),
  answeredAs: defineMessage({ id: 'forms.card.answeredAs', defaultMessage: 'Answered as' }),
  description: defineMessage({ id: 'forms.card.description', defaultMessage: 'Description' }),
  descriptionHint: defineMessage({
    id: 'forms.card.description.hint',
    defaultMessage: 'Shown under the question: what you mean, an example',
  }),
  lowestValue: defineMessage({ id: 'forms.card.lowestValue', defaultMessage: 'Lowest value' }),
  lowestAllowed: defineMessage({ id: 'forms.card.lowestAllowed', defaultMessage: 'Lowest allowed' }),
  highestValue: defineMessage({ id: 'forms.card.highestValue', defaultMessage: 'Highest value' }),
  highestAllowed: defineMessage({ id: 'forms.card.highestAllowed', defaultMessage: 'Highest allowed' }),
  minLabel: defineMessage({ id: 'forms.card.minLabel', defaultMessage: 'Words at the lowest end' }),
  minLabelHint: defineMessage({ id: 'forms.card.minLabel.hint', defaultMessage: 'For example: Not at all' }),
  maxLabel: defineMessage({ id: 'forms.card.maxLabel', defaultMessage: 'Words at the highest end' }),
  maxLabelHint: defineMessage({ id: 'forms.card.maxLabel.hint', defaultMessage: 'For example: Extremely' }),
  sectionTitle: defineMessage({ id: 'forms.card.sectionTitle', defaultMessage: 'Section title' }),
  sectionDescription: defineMessage({ id: 'forms.card.sectionDescription', defaultMessage: 'Section description' }),
};

/** An emptied range is no range; anything else stays as typed. */
const rangeOf = (n: TypedNumber) => (typeof n === 'number' && Number.isNaN(n) ? null : n);

/** One question of the builder: what it asks, how it is answered, and where it stands in the form. */
export const QuestionCard = memo(function QuestionCard({
  q,
  index,
  count,
  locked,
  issues,
  onChange,
  onMove,
  onDuplicate,
  onDelete,
  onDragStart,
  onDropOn,
  onLeave,
  conditionsOn,
  earlierOf,
  logic,
}: QuestionCardProps) {
  const intl = useIntl();
  const earlier = conditionsOn ?? (index > 0 ? earlierOf(q.key) : []);
  const asked = (list: readonly EditableQuestion[]) => list.map((x) => ({ ...x, id: refOf(x) }));
  const set = (patch: Partial<EditableQuestion>) => onChange(q.key, (now) => ({ ...now, ...patch }));
  const name = intl.formatMessage(QUESTION_NUMBER, { number: index + 1 });
  const isChoice = q.type === 'SINGLE_CHOICE' || q.type === 'MULTIPLE_CHOICE';
  return (
    <section
      className="forms-question-card"
      aria-label={name}
      data-key={q.key}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onLeave(q.key);
      }}
      onDragOver={(e: DragEvent) => !locked && e.preventDefault()}
      onDrop={(e: DragEvent) => {
        e.preventDefault();
        onDropOn(q.key);
      }}
    >
      <header>
        <span
          className="forms-drag-handle"
          draggable={!locked}
          onDragStart={(e) => {
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', q.key);
            onDragStart(q.key);
          }}
          title={intl.formatMessage(MESSAGES.drag)}
          aria-hidden="true"
        >
          {DRAG}
        </span>
        <h3>{name}</h3>
        {(q.showIf || q.section?.showIf) && (
          <p className="forms-condition-words">
            {[
              q.section?.showIf
                ? intl.formatMessage(MESSAGES.section, { condition: showIfWords(q.section.showIf, asked(earlier)) })
                : null,
              q.showIf ? showIfWords(q.showIf, asked(earlier)) : null,
            ]
              .filter(Boolean)
              .join(SEPARATOR)}
          </p>
        )}
        <div className="row-actions forms-question-actions">
          <Button variant="quiet" isDisabled={locked || index === 0} onPress={() => onMove(q.key, index - 1)}>
            <FormattedMessage id="forms.card.moveUp" defaultMessage="Move up" />
          </Button>
          <Button variant="quiet" isDisabled={locked || index === count - 1} onPress={() => onMove(q.key, index + 1)}>
            <FormattedMessage id="forms.card.moveDown" defaultMessage="Move down" />
          </Button>
          <Button variant="quiet" isDisabled={locked} onPress={() => onDuplicate(q.key)}>
            <FormattedMessage id="forms.card.duplicate" defaultMessage="Duplicate question" />
          </Button>
          <Button variant="quiet" isDisabled={locked} onPress={() => onDelete(q.key)}>
            <FormattedMessage id="forms.card.delete" defaultMessage="Delete question" />
          </Button>
        </div>
      </header>
      <div className="forms-question-fields">
        <TextField
          label={intl.formatMessage(MESSAGES.question)}
          value={q.label}
          isDisabled={locked}
          isRequired
          error={issues.label}
          onChange={(label) => set({ label })}
          deferred
          className="forms-wide"
        />
        <Select
          label={intl.formatMessage(MESSAGES.answeredAs)}
          items={QUESTION_TYPES.map((type) => ({ id: type, name: intl.formatMessage(QUESTION_TYPE_NAME, { type }) }))}
          value={q.type}
          isDisabled={locked}
          onChange={(type) => onChange(q.key, (now) => retyped(now, type as QuestionType, intl))}
        />
        <Checkbox isSelected={q.required} isDisabled={locked} onChange={(required) => set({ required })}>
          <FormattedMessage id="forms.card.required" defaultMessage="Required" />
        </Checkbox>
        <TextField
          label={intl.formatMessage(MESSAGES.description)}
          description={intl.formatMessage(MESSAGES.descriptionHint)}
          value={q.description ?? ''}
          isDisabled={locked}
          error={issues.description}
          onChange={(description) => set({ description: description || null })}
          deferred
          className="forms-wide"
        />
        {isChoice && (
          <div className="forms-wide">
            <OptionsEditor
              options={q.options ?? []}
              disabled={locked}
              error={issues.options}
              onChange={(options) => set({ options })}
            />
          </div>
        )}
        {(q.type === 'SCALE' || q.type === 'NUMBER') && (
          <>
            <NumberField
              label={intl.formatMessage(q.type === 'SCALE' ? MESSAGES.lowestValue : MESSAGES.lowestAllowed)}
              value={q.min ?? NaN}
              isDisabled={locked}
              error={issues.min}
              onChange={(n) => set({ min: rangeOf(n) })}
            />
            <NumberField
              label={intl.formatMessage(q.type === 'SCALE' ? MESSAGES.highestValue : MESSAGES.highestAllowed)}
              value={q.max ?? NaN}
              isDisabled={locked}
              error={issues.max}
              onChange={(n) => set({ max: rangeOf(n) })}
            />
          </>
        )}
        {(q.type === 'SCALE' || q.type === 'RATING') && (
          <>
            <TextField
              label={intl.formatMessage(MESSAGES.minLabel)}
              description={intl.formatMessage(MESSAGES.minLabelHint)}
              value={q.minLabel ?? ''}
              isDisabled={locked}
              error={issues.minLabel}
              onChange={(minLabel) => set({ minLabel: minLabel || null })}
              deferred
            />
            <TextField
              label={intl.formatMessage(MESSAGES.maxLabel)}
              description={intl.formatMessage(MESSAGES.maxLabelHint)}
              value={q.maxLabel ?? ''}
              isDisabled={locked}
              error={issues.maxLabel}
              onChange={(maxLabel) => set({ maxLabel: maxLabel || null })}
              deferred
            />
          </>
        )}
        <ConditionEditor
          what="question"
          showIf={q.showIf}
          earlier={earlier}
          locked={locked}
          issues={logic?.showIf ?? {}}
          onChange={(showIf) => set({ showIf })}
        />
        <div className="forms-wide forms-section-edit">
          <Checkbox
            isSelected={!!q.section}
            isDisabled={locked}
            onChange={(opens) => set({ section: opens ? { title: '', description: null, showIf: null } : null })}
          >
            <FormattedMessage id="forms.card.startsSection" defaultMessage="Starts a new section" />
          </Checkbox>
          {q.section && (
            <>
              <TextField
                label={intl.formatMessage(MESSAGES.sectionTitle)}
                isRequired
                value={q.section.title}
                isDisabled={locked}
                error={issues.section}
                onChange={(title) => set({ section: { ...q.section!, title } })}
                deferred
              />
              <TextField
                label={intl.formatMessage(MESSAGES.sectionDescription)}
                value={q.section.description ?? ''}
                isDisabled={locked}
                onChange={(description) => set({ section: { ...q.section!, description: description || null } })}
                deferred
              />
              <ConditionEditor
                what="section"
                showIf={q.section.showIf}
                earlier={earlier}
                locked={locked}
                issues={logic?.section ?? {}}
                onChange={(showIf) => set({ section: { ...q.section!, showIf } })}
              />
            </>
          )}
        </div>
      </div>
    </section>
  );
});
