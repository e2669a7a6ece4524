import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { utcToday } from '@shared/calendar/dates';
import { weekWords } from '@shared/rules';
import { BACK, Button, Empty, ErrorNote, Loading, Pointing, toast, WaitingMark } from '@renderer/components/ui';
import { copyText } from '@renderer/components/copyText';
import { dateTimeText } from '@renderer/i18n/dates';
import { DateText } from '@renderer/i18n/DateText';
import { SEPARATOR, SPACE } from '@renderer/i18n/punctuation';
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
import { employmentWords, fullNameOf, ROLE_NAME } from './personWords';

const MESSAGES = {
  invitation: defineMessage({ id: 'people.page.invitation', defaultMessage: 'Invitation link' }),
  copied: defineMessage({ id: 'people.page.invitationCopied', defaultMessage: 'Invitation link copied' }),
  copyFailed: defineMessage({
    id: 'people.page.invitationCopyFailed',
    defaultMessage: 'The link could not be copied: select it and copy it',
  }),
  loading: defineMessage({ id: 'people.page.loading', defaultMessage: 'Loading this person…' }),
  none: defineMessage({ id: 'people.page.none', defaultMessage: 'None' }),
  organizationWeek: defineMessage<{ week: string }>({
    id: 'people.page.organizationWeek',
    defaultMessage: '{week} (the organization’s)',
  }),
  back: defineMessage<{ name: string }>({ id: 'people.page.back', defaultMessage: '{name} is back' }),
  backOffline: defineMessage<{ name: string }>({
    id: 'people.page.backOffline',
    defaultMessage: '{name}’s return saved',
  }),
  reinvited: defineMessage<{ name: string }>({
    id: 'people.page.reinvited',
    defaultMessage: 'A new invitation for {name}',
  }),
  reinvitedOffline: defineMessage<{ name: string }>({
    id: 'people.page.reinvitedOffline',
    defaultMessage: 'A new invitation for {name} saved',
  }),
};

/** The invitation to pass on by hand when the service sends no mail: the link, with Copy. */
function InvitationLink({ url, emailed, expiresAt }: { url: string; emailed: boolean; expiresAt: string }) {
  const intl = useIntl();
  return (
    <div className="people-invitation" role="group" aria-label={intl.formatMessage(MESSAGES.invitation)}>
      <p>
        {emailed ? (
          <FormattedMessage
            id="people.page.invitationEmailed"
            defaultMessage="Emailed. It works once, until {date}."
            values={{ date: dateTimeText(intl, expiresAt) }}
          />
        ) : (
          <FormattedMessage
            id="people.page.invitationNotEmailed"
            defaultMessage="Not emailed: pass this link on. It works once, until {date}."
            values={{ date: dateTimeText(intl, expiresAt) }}
          />
        )}
      </p>
      <code className="people-invitation-url">{url}</code>
      <Button
        onPress={() =>
          copyText(url, {
            copied: intl.formatMessage(MESSAGES.copied),
            failed: intl.formatMessage(MESSAGES.copyFailed),
          })
        }
      >
        <FormattedMessage id="people.page.copyLink" defaultMessage="Copy link" />
      </Button>
    </div>
  );
}

/**
 * A person: where they sit, whom they report to and who reports to them; for their manager and
 * admins, links to their leave and trainings; for admins, what can be changed.
 */
export function PersonPage({ id }: { id: string }) {
  const intl = useIntl();
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
  if (page.data === undefined) return <Loading label={intl.formatMessage(MESSAGES.loading)} />;
  if (page.data === null)
    return (
      <Empty>
        <FormattedMessage
          id="people.page.missing"
          defaultMessage="This person is not on this computer: they may not have synced yet."
        />
      </Empty>
    );
  const { person, manager, reports, department } = page.data;
  const isAdmin = roles?.includes('ADMIN') ?? false;
  const seesRecords = isAdmin || person.managerId === me;
  const name = fullNameOf(person);
  const today = utcToday(new Date());
  const words = employmentWords(person, today, intl);
  const none = intl.formatMessage(MESSAGES.none);
  const left = !!person.endDate && person.endDate < today;
  /** Once a change to them is done, a toast saying so: its words online, and offline (both naming them). */
  const tell = (online: MessageDescriptor, offline: MessageDescriptor) => (done: unknown) => {
    if (!done) return;
    toast(
      queuedWords(
        { online: intl.formatMessage(online, { name }), offline: intl.formatMessage(offline, { name }) },
        intl,
      ),
    );
  };
  return (
    <article className="people-person" aria-labelledby="person-name">
      <p>
        <a href={href('people')}>
          <Pointing mark={BACK} />
          {SPACE}
          <FormattedMessage id="people.page.allPeople" defaultMessage="All people" />
        </a>
      </p>
      <h2 id="person-name" tabIndex={-1}>
        {name}
        {waiting.has(person.id) && (
          <>
            {SPACE}
            <WaitingMark />
          </>
        )}
      </h2>
      {words && <p className="badge">{words}</p>}
      <dl className="people-facts">
        <dt>
          <FormattedMessage id="people.page.email" defaultMessage="Email" />
        </dt>
        <dd>{person.email}</dd>
        <dt>
          <FormattedMessage id="people.page.department" defaultMessage="Department" />
        </dt>
        <dd>{department ?? none}</dd>
        <dt>
          <FormattedMessage id="people.page.manager" defaultMessage="Manager" />
        </dt>
        <dd>{manager ? <a href={href('people', { person: manager.id })}>{manager.name}</a> : none}</dd>
        <dt>
          <FormattedMessage id="people.page.roles" defaultMessage="Roles" />
        </dt>
        <dd>{person.roles.map((role) => intl.formatMessage(ROLE_NAME, { role })).join(', ')}</dd>
        {person.startDate && (
          <>
            <dt>
              <FormattedMessage id="people.page.started" defaultMessage="Started" />
            </dt>
            <dd>
              <DateText date={person.startDate} />
            </dd>
          </>
        )}
        <dt>
          <FormattedMessage id="people.page.workingWeek" defaultMessage="Working week" />
        </dt>
        <dd>
          {person.workingWeek
            ? weekWords(person.workingWeek)
            : intl.formatMessage(MESSAGES.organizationWeek, {
                week: weekWords(policy.data?.workingWeek ?? [1, 2, 3, 4, 5]),
              })}
        </dd>
        <dt>
          <FormattedMessage id="people.page.reports" defaultMessage="Reports" />
        </dt>
        <dd>
          {reports.length === 0 ? (
            none
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
          <a href={href('trainings', { person: person.id })}>
            <FormattedMessage id="people.page.trainings" defaultMessage="Trainings of {name}" values={{ name }} />
          </a>
          {SEPARATOR}
          <a href={href('leave', { tab: 'balances' })}>
            <FormattedMessage id="people.page.balances" defaultMessage="Leave balances" />
          </a>
        </p>
      )}
      {isAdmin && person.invitation && person.status === 'INVITED' && <InvitationLink {...person.invitation} />}
      {isAdmin && person.status === 'INVITED' && !person.invitation && !left && (
        <p className="hint">
          {person.id.startsWith('local-') ? (
            <FormattedMessage
              id="people.page.invitationNextSync"
              defaultMessage="The invitation link comes with the next sync."
            />
          ) : (
            <FormattedMessage
              id="people.page.invitationElsewhere"
              defaultMessage="The link was given on another computer or has expired: send a new invitation to show one here."
            />
          )}
        </p>
      )}
      {isAdmin && (
        <div className="tools">
          <Button onPress={() => setEditing(true)}>
            <FormattedMessage id="people.page.edit" defaultMessage="Edit" />
          </Button>
          <Button onPress={() => setWeek(true)}>
            <FormattedMessage id="people.page.changeWeek" defaultMessage="Change working week" />
          </Button>
          {person.endDate ? (
            <Button
              isPending={update.pending}
              onPress={() =>
                void update
                  .run({ id: person.id, changes: { endDate: null } })
                  .then(tell(MESSAGES.back, MESSAGES.backOffline))
              }
            >
              <FormattedMessage id="people.page.bringBack" defaultMessage="Bring back" />
            </Button>
          ) : (
            <Button variant="danger" onPress={() => setEnding(true)}>
              <FormattedMessage id="people.page.endEmployment" defaultMessage="End employment" />
            </Button>
          )}
          {person.status === 'INVITED' && !left && (
            <Button
              isPending={reinvite.pending}
              onPress={() =>
                void reinvite.run({ id: person.id }).then(tell(MESSAGES.reinvited, MESSAGES.reinvitedOffline))
              }
            >
              <FormattedMessage id="people.page.reinvite" defaultMessage="Send a new invitation" />
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
