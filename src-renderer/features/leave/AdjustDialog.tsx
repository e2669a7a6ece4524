import { useRef, useState, type FormEvent } from 'react';
import { allocationCreateSchema, parseWithRules } from '@shared/rules';
import { MAX_ALLOCATION_REASON, type LeaveType } from '@shared/wire';
import {
  Dialog,
  FormFooter,
  NumberField,
  numberOf,
  Select,
  TextField,
  toast,
  type TypedNumber,
} from '@renderer/components/ui';
import { focusFirstError } from '@renderer/state/focus';
import { useAppAction } from '@renderer/state/useAppAction';
import { queuedWords } from '@renderer/state/queuedWords';
import { useFieldErrors } from '@renderer/state/useFieldErrors';
import { defineMessage, useIntl } from 'react-intl';
import { daysText, kindInSentence, LEAVE_LABELS, typeName } from './leaveWords';

const MESSAGES = {
  done: defineMessage<{ change: 'grant' | 'deduct'; days: string; leave: string; name: string }>({
    id: 'leave.adjust.done',
    defaultMessage:
      '{change, select, grant {Granted {days} of {leave} for {name}} other {Deducted {days} of {leave} for {name}}}',
  }),
  saved: defineMessage<{ change: 'grant' | 'deduct'; days: string; leave: string; name: string }>({
    id: 'leave.adjust.saved',
    defaultMessage:
      '{change, select, grant {Grant of {days} of {leave} for {name} saved} other {Deduction of {days} of {leave} for {name} saved}}',
  }),
  title: defineMessage<{ name: string }>({ id: 'leave.adjust.title', defaultMessage: 'Adjust {name}’s balance' }),
  days: defineMessage({ id: 'leave.adjust.days', defaultMessage: 'Days' }),
  daysHint: defineMessage({
    id: 'leave.adjust.days.hint',
    defaultMessage: 'Positive to grant, negative to deduct; whole or half days',
  }),
  reasonHint: defineMessage({ id: 'leave.adjust.reason.hint', defaultMessage: 'The person sees it in their balance.' }),
  save: defineMessage({ id: 'leave.adjust.save', defaultMessage: 'Save adjustment' }),
};

interface AdjustFields {
  type: LeaveType;
  year: string;
  days: TypedNumber;
  reason: string;
}

const bodyOf = (userId: string, f: AdjustFields) => ({
  userId,
  type: f.type,
  year: Number(f.year),
  days: typeof f.days === 'string' ? f.days : numberOf(f.days),
  reason: f.reason,
});

/** Days granted or taken away for one person, type and leave year, with why: offline too, sent once. */
export function AdjustDialog({
  userId,
  name,
  year,
  types,
  onClose,
}: {
  userId: string;
  name: string;
  year: number;
  /** The counted types. */
  types: LeaveType[];
  onClose: () => void;
}) {
  const intl = useIntl();
  const adjust = useAppAction('leave.adjust');
  const [fields, setFields] = useState<AdjustFields>({
    type: types[0] ?? 'ANNUAL',
    year: String(year),
    days: NaN,
    reason: '',
  });
  const set =
    <K extends keyof AdjustFields>(key: K) =>
    (value: AdjustFields[K]) =>
      setFields((f) => ({ ...f, [key]: value }));
  const check = (f: AdjustFields) => {
    const parsed = parseWithRules(allocationCreateSchema, bodyOf(userId, f));
    return parsed.ok ? [] : parsed.issues;
  };
  const shown = useFieldErrors(fields, check, [], adjust.fieldErrors);
  const errors = shown.errors;
  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = parseWithRules(allocationCreateSchema, bodyOf(userId, fields));
    if (!checked.ok) {
      shown.refused(checked.issues);
      focusFirstError(formRef.current);
      return;
    }
    const done = await adjust.run(checked.data);
    if (!done) {
      focusFirstError(formRef.current);
      return;
    }
    const what = {
      change: done.days > 0 ? ('grant' as const) : ('deduct' as const),
      days: daysText(intl, Math.abs(done.days)),
      leave: kindInSentence(intl, done.type),
      name,
    };
    toast(
      queuedWords(
        {
          online: intl.formatMessage(MESSAGES.done, what),
          offline: intl.formatMessage(MESSAGES.saved, what),
        },
        intl,
      ),
    );
    onClose();
  };
  return (
    <Dialog title={intl.formatMessage(MESSAGES.title, { name })} onClose={onClose}>
      <form ref={formRef} className="grid-form" onSubmit={(e) => void submit(e)} noValidate>
        <Select
          label={intl.formatMessage(LEAVE_LABELS.type)}
          items={types.map((t) => ({ id: t, name: typeName(intl, t) }))}
          value={fields.type}
          onChange={(v) => set('type')(v as LeaveType)}
          isRequired
          error={errors['type']}
        />
        <Select
          label={intl.formatMessage(LEAVE_LABELS.leaveYear)}
          items={[year - 1, year, year + 1].map((y) => ({ id: String(y), name: String(y) }))}
          value={fields.year}
          onChange={set('year')}
          isRequired
          error={errors['year']}
        />
        <NumberField
          label={intl.formatMessage(MESSAGES.days)}
          description={intl.formatMessage(MESSAGES.daysHint)}
          value={fields.days}
          onChange={set('days')}
          step={0.5}
          isRequired
          error={errors['days']}
        />
        <TextField
          className="wide"
          label={intl.formatMessage(LEAVE_LABELS.reason)}
          description={intl.formatMessage(MESSAGES.reasonHint)}
          rows={3}
          maxChars={MAX_ALLOCATION_REASON}
          value={fields.reason}
          onChange={set('reason')}
          isRequired
          error={errors['reason']}
        />
        <FormFooter
          error={shown.summary(adjust.error)}
          submitLabel={intl.formatMessage(MESSAGES.save)}
          pending={adjust.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
