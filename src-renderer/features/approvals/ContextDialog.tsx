import type { Leave } from '@shared/wire';
import { Dialog, ErrorNote, Loading } from '@renderer/components/ui';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { daysWord } from '@shared/rules';
import { span, STATUS_NAMES, typeName } from '@renderer/features/leave';

/** What a reviewer weighs beside a request: who else is away, how many each day, the person's year. */
export function ContextDialog({ leave, who, onClose }: { leave: Leave; who: string; onClose: () => void }) {
  const context = useAppQuery('leave.context', { id: leave.id });
  const year = leave.startDate.slice(0, 4);
  return (
    <Dialog title={`${who}, ${span(leave)}`} onClose={onClose}>
      {leave.notes && (
        <section aria-labelledby="their-note" className="approvals-context">
          <h3 id="their-note">Their note</h3>
          <p className="long-text">{leave.notes}</p>
        </section>
      )}
      {context.error && <ErrorNote message={context.error} onRetry={context.reload} />}
      {!context.data && context.loading && <Loading />}
      {context.data && (
        <div className="approvals-context">
          <section aria-labelledby="also-away">
            <h3 id="also-away">Also away in the department</h3>
            {context.data.alsoAway.length === 0 ? (
              <p className="hint">Nobody else in the department is away on these days.</p>
            ) : (
              <ul>
                {context.data.alsoAway.map((o) => (
                  <li key={`${o.name}${o.startDate}`}>
                    {o.name}, {span(o)} ({STATUS_NAMES[o.status].toLowerCase()})
                  </li>
                ))}
              </ul>
            )}
          </section>
          {context.data.perDay.length > 0 && (
            <section aria-labelledby="per-day">
              <h3 id="per-day">Others away each working day</h3>
              <ul className="approvals-per-day">
                {context.data.perDay.map((d) => (
                  <li key={d.date} className={d.away > 0 ? 'approvals-busy' : ''}>
                    <span>{d.date.slice(5)}</span> <strong>{d.away}</strong>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="their-year">
            <h3 id="their-year">
              {who}’s leave in {year}
            </h3>
            {context.data.balance && (
              <p>
                {typeName(leave.type)} leave left: {daysWord(context.data.balance.before)} before this request,{' '}
                <strong>{daysWord(context.data.balance.after)}</strong> after it.
              </p>
            )}
            {context.data.year.length === 0 ? (
              <p className="hint">None yet.</p>
            ) : (
              <ul>
                {context.data.year.map((t) => (
                  <li key={t.type}>
                    {typeName(t.type)}: {t.days} working day{t.days === 1 ? '' : 's'}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
