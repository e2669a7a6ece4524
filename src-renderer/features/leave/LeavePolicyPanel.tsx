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
import { typeName } from './leaveWords';
import { MONTH_NAMES as MONTHS } from '@shared/calendar/dates';

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
function floorHint(value: TypedNumber): string {
  const days = numberOf(value);
  if (days === null) return 'How many days below zero a balance may go; 0 keeps every request within what is left';
  if (days < 0) return 'Enter 0 or more: how many days below zero a balance may go';
  if (days === 0) return '0: a request may not take more than is left';
  return `A request may take a balance down to ${days} day${days === 1 ? '' : 's'} below zero`;
}

/** The month carried days last until, named from the leave year's first month: "March (the 3rd month)". */
const untilChoices = (startMonth: number) =>
  MONTHS.map((_, i) => ({
    id: String(i + 1),
    name: `End of ${MONTHS[(startMonth - 1 + i) % 12]} (month ${i + 1} of the leave year)`,
  }));

function PolicyForm({ policy, waiting }: { policy: LeavePolicy; waiting: boolean }) {
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
    if (await save.run(checked.data)) toast(queuedWords({ online: 'Leave policy saved' }));
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
        label="The leave year starts in"
        items={MONTHS.map((m, i) => ({ id: String(i + 1), name: m }))}
        value={fields.yearStartMonth}
        onChange={set('yearStartMonth')}
        error={errors['yearStartMonth']}
      />
      <NumberField
        label="Unused days that carry over"
        description="The most days of a year's allowance that move to the next"
        value={fields.carryOverDays}
        onChange={set('carryOverDays')}
        step={0.5}
        error={errors['carryOverDays']}
      />
      <Select
        label="Carried days may be used until"
        items={untilChoices(Number(fields.yearStartMonth))}
        value={fields.carryOverUntilMonth}
        onChange={set('carryOverUntilMonth')}
        error={errors['carryOverUntilMonth']}
      />
      <NumberField
        label="Days a balance may go below zero"
        description={floorHint(fields.floorDays)}
        value={fields.floorDays}
        onChange={set('floorDays')}
        step={0.5}
        error={errors['floorDays']}
      />
      <Checkbox className="wide" isSelected={fields.managersMayAdjust} onChange={set('managersMayAdjust')}>
        Managers may adjust their reports’ balances
      </Checkbox>
      <fieldset className="wide leave-policy-week">
        <legend>Working week</legend>
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
          {fields.workingWeek.length ? `${weekWords(fields.workingWeek)}. ` : ''}Leave counts only working days; a
          person may have a week of their own (on their page).
        </p>
      </fieldset>
      <Checkbox className="wide" isSelected={fields.allowanceProRataByWeek} onChange={set('allowanceProRataByWeek')}>
        Part-timers’ allowances are pro rata to their working week
      </Checkbox>
      <TextField
        label="A day splits into morning and afternoon at"
        description="For half days in subscribed calendars: mornings from 09:00, afternoons until 17:30"
        value={fields.middayAt}
        onChange={set('middayAt')}
        error={errors['middayAt']}
      />
      <fieldset className="wide leave-policy-blocked">
        <legend>Blocked dates</legend>
        <p className="hint">
          Dates when nobody may ask for leave, such as a year-end close. An admin can still record leave there.
        </p>
        {fields.blockedPeriods.length === 0 && <p>No dates are blocked.</p>}
        {fields.blockedPeriods.map((b, i) => (
          <div key={i} className="leave-policy-blocked-period" role="group" aria-label={`Blocked period ${i + 1}`}>
            <TextField
              label="Reason"
              value={b.reason}
              onChange={(reason) => setBlocked(i, { reason })}
              error={errors[`blockedPeriods[${i}].reason`]}
              placeholder="The year-end close"
            />
            <DatePicker
              label="From"
              value={b.startDate}
              onChange={(startDate) => setBlocked(i, { startDate })}
              error={errors[`blockedPeriods[${i}].startDate`]}
            />
            <DatePicker
              label="To"
              value={b.endDate}
              onChange={(endDate) => setBlocked(i, { endDate })}
              error={errors[`blockedPeriods[${i}].endDate`]}
            />
            <Select
              label="Blocks"
              items={fields.types.map((t) => ({ id: t.type, name: typeName(t.type) }))}
              value={b.type}
              anyLabel="Every counted type"
              onChange={(type) => setBlocked(i, { type: type as LeaveType | '' })}
            />
            <Button
              variant="quiet"
              aria-label={`Remove blocked period ${i + 1}${b.reason ? `: ${b.reason}` : ''}`}
              onPress={() => set('blockedPeriods')(fields.blockedPeriods.filter((_, j) => j !== i))}
            >
              Remove
            </Button>
          </div>
        ))}
        <Button
          onPress={() =>
            set('blockedPeriods')([...fields.blockedPeriods, { startDate: '', endDate: '', reason: '', type: '' }])
          }
        >
          Add blocked dates
        </Button>
      </fieldset>
      <fieldset className="wide leave-policy-types">
        <legend>Leave types</legend>
        {fields.types.map((t, i) => (
          <div key={t.type} className="leave-policy-type">
            {/* The label is what ticking it says yes to, so the box's state reads as its answer. */}
            <Checkbox isSelected={t.counted} onChange={(counted) => setType(i, { counted })}>
              Count {typeName(t.type).toLowerCase()} leave against an allowance
            </Checkbox>
            {t.counted && (
              <NumberField
                label={`${typeName(t.type)} allowance (working days a year)`}
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
          <WaitingMark /> The last change reaches the service at the next sync.
        </p>
      )}
      <FormFooter error={shown.summary(save.error)} submitLabel="Save policy" pending={save.pending} />
    </form>
  );
}

/** The organization's leave policy: an admin changes it, offline too. */
export function LeavePolicyPanel() {
  const policy = useAppQuery('leave.policy', {});
  return (
    <section aria-labelledby="policy-title">
      <h2 id="policy-title">Leave policy</h2>
      <p className="hint leave-policy-about">
        What each leave type counts against, how the year runs, what carries over and how far a balance may go below
        zero. A change applies to every balance at once, including past years.
      </p>
      {policy.error && <ErrorNote message={policy.error} onRetry={policy.reload} />}
      {!policy.data && policy.loading && <Loading />}
      {policy.data && <PolicyForm key={policy.data.version} policy={policy.data} waiting={policy.data.waiting} />}
      {!policy.data && !policy.loading && !policy.error && <Button onPress={policy.reload}>Load the policy</Button>}
    </section>
  );
}
