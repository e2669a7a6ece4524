import { useState } from 'react';
import { utcToday } from '@shared/calendar/dates';
import { weekWords } from '@shared/rules';
import { Button, Empty, ErrorNote, Loading, toast, WaitingMark } from '@renderer/components/ui';
import { copyText } from '@renderer/components/copyText';
import { useAppStore } from '@renderer/state/appStore';
import { queuedWords } from '@renderer/state/queuedWords';
import { href } from '@renderer/state/route';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { AwayThisWeek } from './AwayThisWeek';
import { EndEmploymentDialog } from './EmploymentDialogs';
import { PersonDialog } from './PersonDialog';
import { WorkingWeekDialog } from './WorkingWeekDialog';
import { employmentWords, fullNameOf, ROLE_NAMES } from './personWords';

/** The invitation to pass on by hand when the service sends no mail: the link, with Copy. */
function InvitationLink({ url, emailed, expiresAt }: { url: string; emailed: boolean; expiresAt: string }) {
  return (
    <div className="people-invitation" role="group" aria-label="Invitation link">
      <p>
        {emailed ? 'Emailed. ' : 'Not emailed: pass this link on. '}It works once, until {expiresAt.slice(0, 10)}.
      </p>
      <code className="people-invitation-url">{url}</code>
      <Button
        onPress={() =>
          copyText(url, {
            copied: 'Invitation link copied',
            failed: 'The link could not be copied: select it and copy it',
          })
        }
      >
        Copy link
      </Button>
    </div>
  );
}

/**
 * A person: where they sit, whom they report to and who reports to them; for their manager and
 * admins, links to their leave and trainings; for admins, what can be changed.
 */
export function PersonPage({ id }: { id: string }) {
  const page = useAppQuery('users.person', { id });
  const roles = useAppStore((s) => s.account?.roles);
  const me = useAppStore((s) => s.account?.userId);
  const { waiting } = useWaitingIds();
  const [editing, setEditing] = useState(false);
  const [ending, setEnding] = useState(false);
  const [week, setWeek] = useState(false);
  const policy = useAppQuery('leave.policy', {});
  const update = useAppAction('users.update');
  const reinvite = useAppAction('users.reinvite');
  if (page.error) return <ErrorNote message={page.error} onRetry={page.reload} />;
  if (page.data === undefined) return <Loading label="Loading this person…" />;
  if (page.data === null) return <Empty>This person is not on this computer: they may not have synced yet.</Empty>;
  const { person, manager, reports, department } = page.data;
  const isAdmin = roles?.includes('ADMIN') ?? false;
  const seesRecords = isAdmin || person.managerId === me;
  const name = fullNameOf(person);
  const today = utcToday(new Date());
  const words = employmentWords(person, today);
  const left = !!person.endDate && person.endDate < today;
  return (
    <article className="people-person" aria-labelledby="person-name">
      <p>
        <a href={href('people')}>← All people</a>
      </p>
      <h2 id="person-name" tabIndex={-1}>
        {name}
        {waiting.has(person.id) && (
          <>
            {' '}
            <WaitingMark />
          </>
        )}
      </h2>
      {words && <p className="badge">{words}</p>}
      <dl className="people-facts">
        <dt>Email</dt>
        <dd>{person.email}</dd>
        <dt>Department</dt>
        <dd>{department ?? 'None'}</dd>
        <dt>Manager</dt>
        <dd>{manager ? <a href={href('people', { person: manager.id })}>{manager.name}</a> : 'None'}</dd>
        <dt>Roles</dt>
        <dd>{person.roles.map((r) => ROLE_NAMES[r]).join(', ')}</dd>
        {person.startDate && (
          <>
            <dt>Started</dt>
            <dd>{person.startDate}</dd>
          </>
        )}
        <dt>Working week</dt>
        <dd>
          {person.workingWeek
            ? weekWords(person.workingWeek)
            : `${weekWords(policy.data?.workingWeek ?? [1, 2, 3, 4, 5])} (the organization’s)`}
        </dd>
        <dt>Reports</dt>
        <dd>
          {reports.length === 0 ? (
            'None'
          ) : (
            <ul className="people-reports">
              {reports.map((r) => (
                <li key={r.id}>
                  <a href={href('people', { person: r.id })}>{r.name}</a>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {!left && <AwayThisWeek id={person.id} name={name} />}
      {seesRecords && (
        <p className="people-links">
          <a href={href('trainings', { person: person.id })}>Trainings of {name}</a> ·{' '}
          <a href={href('leave', { tab: 'balances' })}>Leave balances</a>
        </p>
      )}
      {isAdmin && person.invitation && person.status === 'INVITED' && <InvitationLink {...person.invitation} />}
      {isAdmin && person.status === 'INVITED' && !person.invitation && !left && (
        <p className="hint">
          {person.id.startsWith('local-')
            ? 'The invitation link comes with the next sync.'
            : 'The link was given on another computer or has expired: send a new invitation to show one here.'}
        </p>
      )}
      {isAdmin && (
        <div className="tools">
          <Button onPress={() => setEditing(true)}>Edit</Button>
          <Button onPress={() => setWeek(true)}>Change working week</Button>
          {person.endDate ? (
            <Button
              isPending={update.pending}
              onPress={() =>
                void update.run({ id: person.id, changes: { endDate: null } }).then((done) => {
                  if (done) toast(queuedWords({ online: `${name} is back`, offline: `${name}’s return saved` }));
                })
              }
            >
              Bring back
            </Button>
          ) : (
            <Button variant="danger" onPress={() => setEnding(true)}>
              End employment
            </Button>
          )}
          {person.status === 'INVITED' && !left && (
            <Button
              isPending={reinvite.pending}
              onPress={() =>
                void reinvite.run({ id: person.id }).then((done) => {
                  if (done)
                    toast(
                      queuedWords({
                        online: `A new invitation for ${name}`,
                        offline: `A new invitation for ${name} saved`,
                      }),
                    );
                })
              }
            >
              Send a new invitation
            </Button>
          )}
        </div>
      )}
      {update.error && <ErrorNote message={update.error} />}
      {reinvite.error && <ErrorNote message={reinvite.error} />}
      {editing && <PersonDialog person={person} onClose={() => setEditing(false)} />}
      {week && (
        <WorkingWeekDialog
          person={person}
          organizationWeek={policy.data?.workingWeek ?? [1, 2, 3, 4, 5]}
          onClose={() => setWeek(false)}
        />
      )}
      {ending && <EndEmploymentDialog person={person} reports={reports.length} onClose={() => setEnding(false)} />}
    </article>
  );
}
