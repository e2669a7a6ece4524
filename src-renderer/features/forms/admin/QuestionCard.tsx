import { memo, type DragEvent } from 'react';
import type { QuestionType } from '@shared/wire';
import { Button, Checkbox, NumberField, Select, TextField, type TypedNumber } from '@renderer/components/ui';
import type { FieldErrors } from '@renderer/state/useAppAction';
import { QUESTION_TYPES, retyped, type EditableQuestion } from './editableForm';
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
  const earlier = conditionsOn ?? (index > 0 ? earlierOf(q.key) : []);
  const asked = (list: readonly EditableQuestion[]) => list.map((x) => ({ ...x, id: refOf(x) }));
  const set = (patch: Partial<EditableQuestion>) => onChange(q.key, (now) => ({ ...now, ...patch }));
  const name = `Question ${index + 1}`;
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
          title="Drag to move; or use Move up and Move down"
          aria-hidden="true"
        >
          ⠿
        </span>
        <h3>{name}</h3>
        {(q.showIf || q.section?.showIf) && (
          <p className="forms-condition-words">
            {[
              q.section?.showIf ? `Section: ${showIfWords(q.section.showIf, asked(earlier))}` : null,
              q.showIf ? showIfWords(q.showIf, asked(earlier)) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        <div className="row-actions forms-question-actions">
          <Button variant="quiet" isDisabled={locked || index === 0} onPress={() => onMove(q.key, index - 1)}>
            Move up
          </Button>
          <Button variant="quiet" isDisabled={locked || index === count - 1} onPress={() => onMove(q.key, index + 1)}>
            Move down
          </Button>
          <Button variant="quiet" isDisabled={locked} onPress={() => onDuplicate(q.key)}>
            Duplicate question
          </Button>
          <Button variant="quiet" isDisabled={locked} onPress={() => onDelete(q.key)}>
            Delete question
          </Button>
        </div>
      </header>
      <div className="forms-question-fields">
        <TextField
          label="Question"
          value={q.label}
          isDisabled={locked}
          isRequired
          error={issues.label}
          onChange={(label) => set({ label })}
          deferred
          className="forms-wide"
        />
        <Select
          label="Answered as"
          items={QUESTION_TYPES}
          value={q.type}
          isDisabled={locked}
          onChange={(type) => onChange(q.key, (now) => retyped(now, type as QuestionType))}
        />
        <Checkbox isSelected={q.required} isDisabled={locked} onChange={(required) => set({ required })}>
          Required
        </Checkbox>
        <TextField
          label="Description"
          description="Shown under the question: what you mean, an example"
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
              label={q.type === 'SCALE' ? 'Lowest value' : 'Lowest allowed'}
              value={q.min ?? NaN}
              isDisabled={locked}
              error={issues.min}
              onChange={(n) => set({ min: rangeOf(n) })}
            />
            <NumberField
              label={q.type === 'SCALE' ? 'Highest value' : 'Highest allowed'}
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
              label="Words at the lowest end"
              description="For example: Not at all"
              value={q.minLabel ?? ''}
              isDisabled={locked}
              error={issues.minLabel}
              onChange={(minLabel) => set({ minLabel: minLabel || null })}
              deferred
            />
            <TextField
              label="Words at the highest end"
              description="For example: Extremely"
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
            Starts a new section
          </Checkbox>
          {q.section && (
            <>
              <TextField
                label="Section title"
                isRequired
                value={q.section.title}
                isDisabled={locked}
                error={issues.section}
                onChange={(title) => set({ section: { ...q.section!, title } })}
                deferred
              />
              <TextField
                label="Section description"
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
