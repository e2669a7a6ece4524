import { useState } from 'react';
import { FEED_SCOPE_NAMES } from '@shared/rules';
import type { FeedScope } from '@shared/wire';
import type { ShownFeed } from '@shared/appApi';
import {
  Button,
  Checkbox,
  Dialog,
  Empty,
  ErrorNote,
  FormFooter,
  Loading,
  RadioGroup,
  toast,
  WaitingMark,
} from '@renderer/components/ui';
import { useRoles } from '@renderer/state/appStore';
import { queuedWords } from '@renderer/state/queuedWords';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { copyText } from '@renderer/components/copyText';

const copy = (url: string) =>
  copyText(url, {
    copied: 'Calendar address copied: add it in your calendar as a subscription (“From URL”)',
    failed: 'The address could not be copied: select it and copy it',
  });

/** One feed: whose leave, since when, its address where this computer was given it, and Revoke. */
function Feed({ feed }: { feed: ShownFeed }) {
  const revoke = useAppAction('calendar.revokeFeed');
  const name = FEED_SCOPE_NAMES[feed.scope];
  return (
    <li className="calendar-feed" aria-label={name}>
      <p className="calendar-feed-what">
        <strong>{name}</strong>
        {feed.includePending ? ', pending requests too' : ''} · made {feed.createdAt.slice(0, 10)}
        {feed.waiting && (
          <>
            {' '}
            <WaitingMark />
          </>
        )}
      </p>
      {feed.url ? (
        <div className="calendar-feed-address">
          <code className="calendar-feed-url">{feed.url}</code>
          <Button onPress={() => copy(feed.url!)} aria-label={`Copy the address of ${name}`}>
            Copy address
          </Button>
        </div>
      ) : (
        <p className="hint">
          {feed.waiting
            ? 'Its address comes with the next sync.'
            : 'Its address was shown on the computer that made it: revoke it and make a new one to see an address here.'}
        </p>
      )}
      <Button
        variant="danger"
        isPending={revoke.pending}
        aria-label={`Revoke ${name}`}
        onPress={() =>
          void revoke.run({ id: feed.id }).then((done) => {
            if (done)
              toast(queuedWords({ online: 'Calendar feed revoked', offline: 'Revoking the calendar feed saved' }));
          })
        }
      >
        Revoke
      </Button>
      {revoke.error && <ErrorNote message={revoke.error} />}
    </li>
  );
}

/**
 * "Subscribe in your calendar": a secret address Outlook, Google Calendar or Apple Calendar
 * subscribe to and keep current; one's feeds, each revocable. Made and revoked offline too.
 */
export function CalendarFeedsDialog({ onClose }: { onClose: () => void }) {
  const feeds = useAppQuery('calendar.feeds', {});
  const subscribe = useAppAction('calendar.subscribe');
  const roles = useRoles() ?? [];
  const [scope, setScope] = useState<FeedScope>('ME');
  const [includePending, setIncludePending] = useState(false);
  const scopes = (['ME', 'TEAM', 'DEPARTMENT'] as const)
    .filter((s) => s !== 'TEAM' || roles.includes('MANAGER') || roles.includes('ADMIN'))
    .map((s) => ({ value: s, label: FEED_SCOPE_NAMES[s] }));
  return (
    <Dialog title="Subscribe in your calendar" onClose={onClose}>
      <form
        className="grid-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void subscribe.run({ scope, includePending }).then((made) => {
            if (made)
              toast(
                queuedWords({
                  online: 'Calendar feed made: copy its address below',
                  offline: 'Calendar feed saved: its address comes with the next sync',
                }),
              );
          });
        }}
      >
        <p className="wide">
          Your calendar application checks this address now and then and shows the leave it holds, from three months
          back to a year ahead. Anyone with the address sees it: keep it to yourself, and revoke it if it is shared.
        </p>
        <RadioGroup
          label="Whose leave"
          options={scopes}
          value={scope}
          onChange={(v) => setScope(v as FeedScope)}
          className="wide"
        />
        <Checkbox isSelected={includePending} onChange={setIncludePending} className="wide">
          Pending requests too
        </Checkbox>
        <FormFooter
          error={subscribe.fieldErrors.scope ?? subscribe.error}
          submitLabel="Make a calendar address"
          pending={subscribe.pending}
          onCancel={onClose}
          cancelLabel="Close"
        />
      </form>
      <section aria-labelledby="calendar-feeds-title" className="calendar-feeds">
        <h3 id="calendar-feeds-title">Your calendar feeds</h3>
        {feeds.error && <ErrorNote message={feeds.error} onRetry={feeds.reload} />}
        {!feeds.data && feeds.loading && <Loading label="Loading your calendar feeds…" />}
        {feeds.data?.length === 0 && <Empty>None yet: a calendar address you make shows here.</Empty>}
        {feeds.data && feeds.data.length > 0 && (
          <ul className="calendar-feed-list">
            {feeds.data.map((f) => (
              <Feed key={f.id} feed={f} />
            ))}
          </ul>
        )}
      </section>
    </Dialog>
  );
}

/** The button beside "Export iCal" that opens the dialog. */
export function SubscribeButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Subscribe in your calendar</Button>
      {open && <CalendarFeedsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
