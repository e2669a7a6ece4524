import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { say } from '@shared/i18n/format';
import { useFormatMessage } from '@renderer/i18n/useFormatMessage';
import { ANONYMITY_LOCKED_REF } from '@shared/rules';
import { Checkbox, DatePicker, NumberField } from '@renderer/components/ui';
import type { FormEditing } from './useFormEditing';

const MESSAGES = {
  maxSubmissions: defineMessage({ id: 'forms.settings.maxSubmissions', defaultMessage: 'Maximum submissions' }),
  maxSubmissionsHint: defineMessage({
    id: 'forms.settings.maxSubmissions.hint',
    defaultMessage: 'All answers together; leave empty for no limit',
  }),
  opensOn: defineMessage({ id: 'forms.settings.opensOn', defaultMessage: 'Opens on' }),
  opensOnHint: defineMessage({
    id: 'forms.settings.opensOn.hint',
    defaultMessage: 'Leave empty to take answers as soon as it is published',
  }),
  closesOn: defineMessage({ id: 'forms.settings.closesOn', defaultMessage: 'Closes on' }),
  closesOnHint: defineMessage({
    id: 'forms.settings.closesOn.hint',
    defaultMessage: 'Answers are taken until the end of this day',
  }),
};

/** Who may answer, how often, and when. */
export function SettingsTab({ editing, responseCount }: { editing: FormEditing; responseCount: number }) {
  const intl = useIntl();
  const format = useFormatMessage();
  const { draft, edit, issues } = editing;
  if (!draft) return null;
  const answered = responseCount > 0;
  return (
    <div className="forms-settings">
      <fieldset>
        <legend>
          <FormattedMessage id="forms.settings.who" defaultMessage="Who answers" />
        </legend>
        <Checkbox
          isSelected={draft.isAnonymous}
          isDisabled={answered}
          onChange={(isAnonymous) => edit((f) => ({ ...f, isAnonymous }))}
        >
          <FormattedMessage
            id="forms.settings.anonymous"
            defaultMessage="Anonymous: answers are kept without the name of who gave them"
          />
        </Checkbox>
        {answered && (
          <p className="hint">
            <FormattedMessage
              id="forms.settings.anonymityLocked"
              defaultMessage="{reason}."
              values={{ reason: say(format, ANONYMITY_LOCKED_REF) }}
            />
          </p>
        )}
        <Checkbox
          isSelected={draft.requireAuthentication}
          onChange={(requireAuthentication) => edit((f) => ({ ...f, requireAuthentication }))}
        >
          <FormattedMessage
            id="forms.settings.signIn"
            defaultMessage="Needs sign-in: only people of the organization can answer"
          />
        </Checkbox>
        <Checkbox
          isSelected={draft.allowMultipleSubmissions}
          onChange={(allowMultipleSubmissions) => edit((f) => ({ ...f, allowMultipleSubmissions }))}
        >
          <FormattedMessage
            id="forms.settings.multiple"
            defaultMessage="Multiple submissions: a person may answer more than once"
          />
        </Checkbox>
        <NumberField
          label={intl.formatMessage(MESSAGES.maxSubmissions)}
          description={intl.formatMessage(MESSAGES.maxSubmissionsHint)}
          value={draft.maxSubmissions ?? NaN}
          error={issues.maxSubmissions}
          onChange={(n) => edit((f) => ({ ...f, maxSubmissions: typeof n === 'number' && Number.isNaN(n) ? null : n }))}
        />
      </fieldset>
      <fieldset>
        <legend>
          <FormattedMessage id="forms.settings.when" defaultMessage="When" />
        </legend>
        <DatePicker
          label={intl.formatMessage(MESSAGES.opensOn)}
          description={intl.formatMessage(MESSAGES.opensOnHint)}
          value={draft.openDate ?? ''}
          error={issues.openDate}
          onChange={(d) => edit((f) => ({ ...f, openDate: d || null }))}
        />
        <DatePicker
          label={intl.formatMessage(MESSAGES.closesOn)}
          description={intl.formatMessage(MESSAGES.closesOnHint)}
          value={draft.closeDate ?? ''}
          error={issues.closeDate}
          onChange={(d) => edit((f) => ({ ...f, closeDate: d || null }))}
        />
      </fieldset>
    </div>
  );
}
