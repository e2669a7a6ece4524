import { useRef, useState, type FormEvent } from 'react';
import { parseWithRules, WEEKDAY_NAMES, weekWords } from '@shared/rules';
import { leavePolicyUpdateSchema, type LeavePolicy, type LeaveType } from '@shared/wire';
import {
  Button,
  Checkbox,
  DatePicker,
  ErrorNote,
  FormFooter,
  Loading,
  NumberField,
  numberOf,
  Select,
  TextField,
  toast,
  WaitingMark,
  type TypedNumber,
} from '@renderer/components/ui';
import { focusFirstError } from '@renderer/state/focus';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useFieldErrors } from '@renderer/state/useFieldErrors';
import { defineMessage, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { SPACE } from '@renderer/i18n/punctuation';
import { kindInSentence, LEAVE_LABELS, typeName } from './leaveWords';
import { MONTH_NAMES as MONTHS } from '@shared/calendar/dates';

const MESSAGES = {
  floorUnknown: defineMessage({
    id: 'leave.policy.floor.hint',
    defaultMessage: 'How many days below zero a balance may go; 0 keeps every request within what is left',
  }),
  floorNegative: defineMessage({
    id: 'leave.policy.floor.negative',
    defaultMessage: 'Enter 0 or more: how many days below zero a balance may go',
  }),
  floorZero: defineMessage({
    id: 'leave.policy.floor.zero',
    defaultMessage: '0: a request may not take more than is left',
  }),
  floorDays: defineMessage<{ count: number }>({
    id: 'leave.policy.floor.days',
    defaultMessage:
      '{count, plural, one {A request may take a balance down to # day below zero} other {A request may take a balance down to # days below zero}}',
  }),
  until: defineMessage<{ month: string; number: number }>({
    id: 'leave.policy.carryOverUntil.choice',
    defaultMessage: 'End of {month} (month {number, number} of the leave year)',
  }),
  saved: defineMessage({ id: 'leave.policy.saved', defaultMessage: 'Leave policy saved' }),
  yearStart: defineMessage({ id: 'leave.policy.yearStart', defaultMessage: 'The leave year starts in' }),
  carryOver: defineMessage({ id: 'leave.policy.carryOver', defaultMessage: 'Unused days that carry over' }),
  carryOverHint: defineMessage({
    id: 'leave.policy.carryOver.hint',
    defaultMessage: "The most days of a year's allowance that move to the next",
  }),
  carryOverUntil: defineMessage({
    id: 'leave.policy.carryOverUntil',
    defaultMessage: 'Carried days may be used until',
  }),
  floor: defineMessage({ id: 'leave.policy.floor', defaultMessage: 'Days a balance may go below zero' }),
  middayAt: defineMessage({
    id: 'leave.policy.middayAt',
    defaultMessage: 'A day splits into morning and afternoon at',
  }),
  middayAtHint: defineMessage({
    id: 'leave.policy.middayAt.hint',
    defaultMessage: 'For half days in subscribed calendars: mornings from 09:00, afternoons until 17:30',
  }),
  weekNote: defineMessage<{ hasWeek: 'yes' | 'no'; week: string }>({
    id: 'leave.policy.week.note',
    defaultMessage:
      '{hasWeek, select, yes {{week}. } other {}}Leave counts only working days; a person may have a week of their own (on their page).',
  }),
  blockedPeriod: defineMessage<{ number: number }>({
    id: 'leave.policy.blocked.period',
    defaultMessage: 'Blocked period {number, number}',
  }),
  blockedReasonPlaceholder: defineMessage({
    id: 'leave.policy.blocked.reason.placeholder',
    defaultMessage: 'The year-end close',
  }),
  from: defineMessage({ id: 'leave.policy.blocked.from', defaultMessage: 'From' }),
  to: defineMessage({ id: 'leave.policy.blocked.to', defaultMessage: 'To' }),
  blocks: defineMessage({ id: 'leave.policy.blocked.blocks', defaultMessage: 'Blocks' }),
  everyType: defineMessage({ id: 'leave.policy.blocked.everyType', defaultMessage: 'Every counted type' }),
  remove: defineMessage<{ number: number; hasReason: 'yes' | 'no'; reason: string }>({
    id: 'leave.policy.blocked.remove',
    defaultMessage:
      '{hasReason, select, yes {Remove blocked period {number, number}: {reason}} other {Remove blocked period {number, number}}}',
  }),
  count: defineMessage<{ leave: string }>({
    id: 'leave.policy.type.count',
    defaultMessage: 'Count {leave} against an allowance',
  }),
  allowance: defineMessage<{ type: string }>({
    id: 'leave.policy.type.allowance',
    defaultMessage: '{type} allowance (working days a year)',
  }),
  savePolicy: defineMessage({ id: 'leave.policy.save', defaultMessage: 'Save policy' }),
  title: defineMessage({ id: 'leave.policy.title', defaultMessage: 'Leave policy' }),
};

interface PolicyFields {
  yearStartMonth: string;
  carryOverDays: TypedNumber;
  carryOverUntilMonth: string;
  floorDays: TypedNumber;
  managersMayAdjust: boolean;
  types: { type: LeaveType; counted: boolean; allowanceDays: TypedNumber }[];
  workingWeek: number[];
  allowanceProRataByWeek: boolean;
  middayAt: string;
  blockedPeriods: { startDate: string; endDate: string; reason: string; type: LeaveType | '' }[];
}

const fieldsOf = (p: LeavePolicy): PolicyFields => ({
  yearStartMonth: String(p.yearStartMonth),
  carryOverDays: p.carryOverDays,
  carryOverUntilMonth: String(p.carryOverUntilMonth),
  floorDays: p.floorDays,
  managersMayAdjust: p.managersMayAdjust,
  types: p.types.map((t) => ({ ...t })),
  workingWeek: [...p.workingWeek],
  allowanceProRataByWeek: p.allowanceProRataByWeek,
  middayAt: p.middayAt,
  // A period blocks every counted type, or the one type it names.
  blockedPeriods: p.blockedPeriods.map((b) => ({ ...b, type: b.types?.[0] ?? '' })),
});

const typed = (v: TypedNumber) => (typeof v === 'string' ? v : numberOf(v));

const bodyOf = (f: PolicyFields) => ({
  yearStartMonth: Number(f.yearStartMonth),
  carryOverDays: typed(f.carryOverDays),
  carryOverUntilMonth: Number(f.carryOverUntilMonth),
  floorDays: typed(f.floorDays),
  managersMayAdjust: f.managersMayAdjust,
  types: f.types.map((t) => ({
    type: t.type,
    counted: t.counted,
    allowanceDays: t.counted ? typed(t.allowanceDays) : 0,
  })),
  workingWeek: [...f.workingWeek].sort((a, b) => a - b),
  allowanceProRataByWeek: f.allowanceProRataByWeek,
  middayAt: f.middayAt,
  blockedPeriods: f.blockedPeriods.map((b) => ({
    startDate: b.startDate,
    endDate: b.endDate,
    reason: b.reason,
    types: b.type ? [b.type] : null,
  })),
});

const check = (f: PolicyFields) => {
  const parsed = parseWithRules(leavePolicyUpdateSchema, bodyOf(f));
  return parsed.ok ? [] : parsed.issues;
};

/** The floor's hint, for the value as typed: a hint about 0 beside −3 would say the opposite of the field. */
function floorHint(intl: IntlShape, value: TypedNumber): string {
  const days = numberOf(value);
  if (days === null) return intl.formatMessage(MESSAGES.floorUnknown);
  if (days < 0) return intl.formatMessage(MESSAGES.floorNegative);
  if (days === 0) return intl.formatMessage(MESSAGES.floorZero);
  return intl.formatMessage(MESSAGES.floorDays, { count: days });
}

/** The month carried days last until, named from the leave year's first month: "March (the 3rd month)". */
const untilChoices = (intl: IntlShape, startMonth: number) =>
  MONTHS.map((_, i) => ({
    id: String(i + 1),
    name: intl.formatMessage(MESSAGES.until, { month: MONTHS[(startMonth - 1 + i) % 12]!, number: i + 1 }),
  }));

function PolicyForm({ policy, waiting }: { policy: LeavePolicy; waiting: boolean }) {
  const intl = useIntl();
  const save = useAppAction('leave.setPolicy');
  const [fields, setFields] = useState(() => fieldsOf(policy));
  const set =
    <K extends keyof PolicyFields>(key: K) =>
    (value: PolicyFields[K]) =>
      setFields((f) => ({ ...f, [key]: value }));
  const setType = (i: number, change: Partial<PolicyFields['types'][number]>) =>
    setFields((f) => ({ ...f, types: f.types.map((t, j) => (j === i ? { ...t, ...change } : t)) }));
  const setBlocked = (i: number, change: Partial<PolicyFields['blockedPeriods'][number]>) =>
    setFields((f) => ({
      ...f,
      blockedPeriods: f.blockedPeriods.map((b, j) => (j === i ? { ...b, ...change } : b)),
    }));
  const shown = useFieldErrors(fields, check, [], save.fieldErrors);
  const errors = shown.errors;
  const formRef = useRef<HTMLFormElement>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = parseWithRules(leavePolicyUpdateSchema, bodyOf(fields));
    if (!checked.ok) {
      shown.refused(checked.issues);
      focusFirstError(formRef.current);
      return;
    }
    if (await save.run(checked.data)) toast(queuedWords({ online: intl.formatMessage(MESSAGES.saved) }, intl));
    else focusFirstError(formRef.current);
  };
  return (
    <form
      ref={formRef}
      className="grid-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="policy-title"
    >
      <Select
        label={intl.formatMessage(MESSAGES.yearStart)}
        items={MONTHS.map((m, i) => ({ id: String(i + 1), name: m }))}
        value={fields.yearStartMonth}
        onChange={set('yearStartMonth')}
        error={errors['yearStartMonth']}
      />
      <NumberField
        label={intl.formatMessage(MESSAGES.carryOver)}
        description={intl.formatMessage(MESSAGES.carryOverHint)}
        value={fields.carryOverDays}
        onChange={set('carryOverDays')}
        step={0.5}
        error={errors['carryOverDays']}
      />
      <Select
        label={intl.formatMessage(MESSAGES.carryOverUntil)}
        items={untilChoices(intl, Number(fields.yearStartMonth))}
        value={fields.carryOverUntilMonth}
        onChange={set('carryOverUntilMonth')}
        error={errors['carryOverUntilMonth']}
      />
      <NumberField
        label={intl.formatMessage(MESSAGES.floor)}
        description={floorHint(intl, fields.floorDays)}
        value={fields.floorDays}
        onChange={set('floorDays')}
        step={0.5}
        error={errors['floorDays']}
      />
      <Checkbox className="wide" isSelected={fields.managersMayAdjust} onChange={set('managersMayAdjust')}>
        <FormattedMessage
          id="leave.policy.managersMayAdjust"
          defaultMessage="Managers may adjust their reports’ balances"
        />
      </Checkbox>
      <fieldset className="wide leave-policy-week">
        <legend>
          <FormattedMessage id="leave.policy.week" defaultMessage="Working week" />
        </legend>
        {WEEKDAY_NAMES.map((day, i) => (
          <Checkbox
            key={day}
            isSelected={fields.workingWeek.includes(i + 1)}
            onChange={(on) =>
              set('workingWeek')(on ? [...fields.workingWeek, i + 1] : fields.workingWeek.filter((d) => d !== i + 1))
            }
          >
            {day}
          </Checkbox>
        ))}
        {errors['workingWeek'] && <p className="field-error leave-policy-week-note">{errors['workingWeek']}</p>}
        <p className="hint leave-policy-week-note">
          {intl.formatMessage(MESSAGES.weekNote, {
            hasWeek: fields.workingWeek.length ? 'yes' : 'no',
            week: fields.workingWeek.length ? weekWords(fields.workingWeek) : '',
          })}
        </p>
      </fieldset>
      <Checkbox className="wide" isSelected={fields.allowanceProRataByWeek} onChange={set('allowanceProRataByWeek')}>
        <FormattedMessage
          id="leave.policy.proRata"
          defaultMessage="Part-timers’ allowances are pro rata to their working week"
        />
      </Checkbox>
      <TextField
        label={intl.formatMessage(MESSAGES.middayAt)}
        description={intl.formatMessage(MESSAGES.middayAtHint)}
        value={fields.middayAt}
        onChange={set('middayAt')}
        error={errors['middayAt']}
      />
      <fieldset className="wide leave-policy-blocked">
        <legend>
          <FormattedMessage id="leave.policy.blocked" defaultMessage="Blocked dates" />
        </legend>
        <p className="hint">
          <FormattedMessage
            id="leave.policy.blocked.about"
            defaultMessage="Dates when nobody may ask for leave, such as a year-end close. An admin can still record leave there."
          />
        </p>
        {fields.blockedPeriods.length === 0 && (
          <p>
            <FormattedMessage id="leave.policy.blocked.none" defaultMessage="No dates are blocked." />
          </p>
        )}
        {fields.blockedPeriods.map((b, i) => (
          <div
            key={i}
            className="leave-policy-blocked-period"
            role="group"
            aria-label={intl.formatMessage(MESSAGES.blockedPeriod, { number: i + 1 })}
          >
            <TextField
              label={intl.formatMessage(LEAVE_LABELS.reason)}
              value={b.reason}
              onChange={(reason) => setBlocked(i, { reason })}
              error={errors[`blockedPeriods[${i}].reason`]}
              placeholder={intl.formatMessage(MESSAGES.blockedReasonPlaceholder)}
            />
            <DatePicker
              label={intl.formatMessage(MESSAGES.from)}
              value={b.startDate}
              onChange={(startDate) => setBlocked(i, { startDate })}
              error={errors[`blockedPeriods[${i}].startDate`]}
            />
            <DatePicker
              label={intl.formatMessage(MESSAGES.to)}
              value={b.endDate}
              onChange={(endDate) => setBlocked(i, { endDate })}
              error={errors[`blockedPeriods[${i}].endDate`]}
            />
            <Select
              label={intl.formatMessage(MESSAGES.blocks)}
              items={fields.types.map((t) => ({ id: t.type, name: typeName(intl, t.type) }))}
              value={b.type}
              anyLabel={intl.formatMessage(MESSAGES.everyType)}
              onChange={(type) => setBlocked(i, { type: type as LeaveType | '' })}
            />
            <Button
              variant="quiet"
              aria-label={intl.formatMessage(MESSAGES.remove, {
                number: i + 1,
                hasReason: b.reason ? 'yes' : 'no',
                reason: b.reason,
              })}
              onPress={() => set('blockedPeriods')(fields.blockedPeriods.filter((_, j) => j !== i))}
            >
              <FormattedMessage id="leave.policy.blocked.removeButton" defaultMessage="Remove" />
            </Button>
          </div>
        ))}
        <Button
          onPress={() =>
            set('blockedPeriods')([...fields.blockedPeriods, { startDate: '', endDate: '', reason: '', type: '' }])
          }
        >
          <FormattedMessage id="leave.policy.blocked.add" defaultMessage="Add blocked dates" />
        </Button>
      </fieldset>
      <fieldset className="wide leave-policy-types">
        <legend>
          <FormattedMessage id="leave.policy.types" defaultMessage="Leave types" />
        </legend>
        {fields.types.map((t, i) => (
          <div key={t.type} className="leave-policy-type">
            {/* The label is what ticking it says yes to, so the box's state reads as its answer. */}
            <Checkbox isSelected={t.counted} onChange={(counted) => setType(i, { counted })}>
              {intl.formatMessage(MESSAGES.count, { leave: kindInSentence(intl, t.type) })}
            </Checkbox>
            {t.counted && (
              <NumberField
                label={intl.formatMessage(MESSAGES.allowance, { type: typeName(intl, t.type) })}
                value={t.allowanceDays}
                onChange={(allowanceDays) => setType(i, { allowanceDays })}
                error={errors[`types[${i}].allowanceDays`]}
              />
            )}
          </div>
        ))}
      </fieldset>
      {waiting && (
        <p className="wide">
          <WaitingMark />
          {SPACE}
          <FormattedMessage
            id="leave.policy.waiting"
            defaultMessage="The last change reaches the service at the next sync."
          />
        </p>
      )}
      <FormFooter
        error={shown.summary(save.error)}
        submitLabel={intl.formatMessage(MESSAGES.savePolicy)}
        pending={save.pending}
      />
    </form>
  );
}

/** The organization's leave policy: an admin changes it, offline too. */
export function LeavePolicyPanel() {
  const intl = useIntl();
  const policy = useAppQuery('leave.policy', {});
  return (
    <section aria-labelledby="policy-title">
      <h2 id="policy-title">{intl.formatMessage(MESSAGES.title)}</h2>
      <p className="hint leave-policy-about">
        <FormattedMessage
          id="leave.policy.about"
          defaultMessage="What each leave type counts against, how the year runs, what carries over and how far a balance may go below zero. A change applies to every balance at once, including past years."
        />
      </p>
      {policy.error && <ErrorNote message={policy.error} onRetry={policy.reload} />}
      {!policy.data && policy.loading && <Loading />}
      {policy.data && <PolicyForm key={policy.data.version} policy={policy.data} waiting={policy.data.waiting} />}
      {!policy.data && !policy.loading && !policy.error && (
        <Button onPress={policy.reload}>
          <FormattedMessage id="leave.policy.load" defaultMessage="Load the policy" />
        </Button>
      )}
    </section>
  );
}
