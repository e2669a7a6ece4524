import { ANONYMITY_LOCKED } from '@shared/rules';
import { Checkbox, DatePicker, NumberField } from '@renderer/components/ui';
import type { FormEditing } from './useFormEditing';

/** Who may answer, how often, and when. */
export function SettingsTab({ editing, responseCount }: { editing: FormEditing; responseCount: number }) {
  const { draft, edit, issues } = editing;
  if (!draft) return null;
  const answered = responseCount > 0;
  return (
    <div className="forms-settings">
      <fieldset>
        <legend>Who answers</legend>
        <Checkbox
          isSelected={draft.isAnonymous}
          isDisabled={answered}
          onChange={(isAnonymous) => edit((f) => ({ ...f, isAnonymous }))}
        >
          Anonymous: answers are kept without the name of who gave them
        </Checkbox>
        {answered && <p className="hint">{ANONYMITY_LOCKED}.</p>}
        <Checkbox
          isSelected={draft.requireAuthentication}
          onChange={(requireAuthentication) => edit((f) => ({ ...f, requireAuthentication }))}
        >
          Needs sign-in: only people of the organization can answer
        </Checkbox>
        <Checkbox
          isSelected={draft.allowMultipleSubmissions}
          onChange={(allowMultipleSubmissions) => edit((f) => ({ ...f, allowMultipleSubmissions }))}
        >
          Multiple submissions: a person may answer more than once
        </Checkbox>
        <NumberField
          label="Maximum submissions"
          description="All answers together; leave empty for no limit"
          value={draft.maxSubmissions ?? NaN}
          error={issues.maxSubmissions}
          onChange={(n) => edit((f) => ({ ...f, maxSubmissions: typeof n === 'number' && Number.isNaN(n) ? null : n }))}
        />
      </fieldset>
      <fieldset>
        <legend>When</legend>
        <DatePicker
          label="Opens on"
          description="Leave empty to take answers as soon as it is published"
          value={draft.openDate ?? ''}
          error={issues.openDate}
          onChange={(d) => edit((f) => ({ ...f, openDate: d || null }))}
        />
        <DatePicker
          label="Closes on"
          description="Answers are taken until the end of this day"
          value={draft.closeDate ?? ''}
          error={issues.closeDate}
          onChange={(d) => edit((f) => ({ ...f, closeDate: d || null }))}
        />
      </fieldset>
    </div>
  );
}
