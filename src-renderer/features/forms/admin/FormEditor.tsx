import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl, type TypedMessageDescriptor } from 'react-intl';
import type { Form, FormStatus } from '@shared/wire';
import {
  BACK,
  Button,
  Empty,
  ErrorNote,
  Loading,
  Pointing,
  Tab,
  TabList,
  TabPanel,
  Tabs,
  toast,
} from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { href, useRoute } from '@renderer/state/route';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { AnalyticsTab } from './analytics/AnalyticsTab';
import { DistributeDialog } from './DistributeDialog';
import { FORM_STATUS_NAME, UNTITLED_FORM } from './formWords';
import { SPACE } from '@renderer/i18n/punctuation';
import { QuestionsTab } from './QuestionsTab';
import { ResponsesTab } from './ResponsesTab';
import { SettingsTab } from './SettingsTab';
import { useFormEditing, type FormEditing } from './useFormEditing';
import './builder.css';

const SAVE_MARKS = {
  stillWriting: defineMessage({
    id: 'forms.save.stillWriting',
    defaultMessage: 'Not saved yet: the new question is still being written',
  }),
  invalid: defineMessage({ id: 'forms.save.invalid', defaultMessage: 'Not saved: mend the fields marked below' }),
  failed: defineMessage<{ error: string }>({ id: 'forms.save.failed', defaultMessage: 'Not saved: {error}' }),
  failedUnknown: defineMessage({ id: 'forms.save.failed.unknown', defaultMessage: 'Not saved: something went wrong' }),
  saving: defineMessage({ id: 'forms.save.saving', defaultMessage: 'Saving…' }),
  offline: defineMessage({
    id: 'forms.save.offline',
    defaultMessage: 'Saved offline: it goes to the service when you are online',
  }),
  saved: defineMessage({ id: 'forms.save.saved', defaultMessage: 'Saved' }),
};

/** Whether what was typed is kept: saving, saved here while offline, saved, or why not. */
function SaveMark({ editing, waiting, online }: { editing: FormEditing; waiting: boolean; online: boolean }) {
  const intl = useIntl();
  const { saveState, error } = editing;
  const [text, tone] =
    saveState === 'invalid' && editing.issuesHeld && Object.keys(editing.issues).length === 0
      ? [intl.formatMessage(SAVE_MARKS.stillWriting), 'waiting']
      : saveState === 'invalid'
        ? [intl.formatMessage(SAVE_MARKS.invalid), 'problem']
        : saveState === 'failed'
          ? [
              error === null
                ? intl.formatMessage(SAVE_MARKS.failedUnknown)
                : intl.formatMessage(SAVE_MARKS.failed, { error }),
              'problem',
            ]
          : saveState === 'saving' || (waiting && online)
            ? [intl.formatMessage(SAVE_MARKS.saving), 'waiting']
            : waiting
              ? [intl.formatMessage(SAVE_MARKS.offline), 'waiting']
              : [intl.formatMessage(SAVE_MARKS.saved), 'done'];
  return (
    <p className={`forms-save-mark forms-${tone}`} role="status">
      {text}
    </p>
  );
}

type Done = TypedMessageDescriptor<{ title: string }>;

const MOVES: Record<FormStatus, { to: FormStatus; label: TypedMessageDescriptor; done: Done }[]> = {
  DRAFT: [
    {
      to: 'PUBLISHED',
      label: defineMessage({ id: 'forms.move.publish', defaultMessage: 'Publish' }),
      done: defineMessage<{ title: string }>({ id: 'forms.move.publish.done', defaultMessage: 'Published: {title}' }),
    },
  ],
  PUBLISHED: [
    {
      to: 'CLOSED',
      label: defineMessage({ id: 'forms.move.close', defaultMessage: 'Close form' }),
      done: defineMessage<{ title: string }>({
        id: 'forms.move.close.done',
        defaultMessage: 'Closed: it takes no more answers: {title}',
      }),
    },
  ],
  CLOSED: [
    {
      to: 'PUBLISHED',
      label: defineMessage({ id: 'forms.move.reopen', defaultMessage: 'Reopen' }),
      done: defineMessage<{ title: string }>({
        id: 'forms.move.reopen.done',
        defaultMessage: 'Reopened: it takes answers again: {title}',
      }),
    },
  ],
};

const EDITOR_MESSAGES = {
  noQuestion: defineMessage({
    id: 'forms.move.noQuestion',
    defaultMessage: 'Add a question before publishing the form',
  }),
  tabs: defineMessage({ id: 'forms.editor.tabs', defaultMessage: 'Form' }),
};

const EDITOR_TABS = ['questions', 'settings', 'responses', 'analytics'];

function Editor({ form }: { form: Form }) {
  const intl = useIntl();
  const editing = useFormEditing(form);
  // The tab is in the address, so a reload or a link keeps it.
  const { params } = useRoute();
  const asked = params.get('tab');
  const tab = asked && EDITOR_TABS.includes(asked) ? asked : form.responseCount > 0 ? 'analytics' : 'questions';
  const move = useAppAction('forms.update');
  const online = useAppStore((s) => s.sync?.online ?? false);
  const { waiting } = useWaitingIds();
  const [distributing, setDistributing] = useState(false);
  const title = editing.draft?.title || form.title || intl.formatMessage(UNTITLED_FORM);

  const setStatus = async (to: FormStatus, done: Done) => {
    if (to === 'PUBLISHED' && (editing.draft?.questions.length ?? form.questions.length) === 0) {
      toast(intl.formatMessage(EDITOR_MESSAGES.noQuestion));
      return;
    }
    if (!(await editing.flush(to === 'PUBLISHED'))) return;
    if ((await move.run({ id: form.id, changes: { status: to } })) !== undefined) {
      toast(intl.formatMessage(done, { title }));
    }
  };

  return (
    <article className="form-editor" aria-labelledby="form-editor-title">
      <a href={href('forms')} className="back-link">
        <Pointing mark={BACK} />
        {SPACE}
        <FormattedMessage id="forms.editor.back" defaultMessage="All forms" />
      </a>
      <header className="forms-editor-head">
        <div>
          <h2 id="form-editor-title">{title}</h2>
          <p className="hint">
            <span className={`badge forms-status forms-${form.status.toLowerCase()}`}>
              {intl.formatMessage(FORM_STATUS_NAME, { status: form.status })}
            </span>
            {SPACE}
            <FormattedMessage
              id="forms.editor.responses"
              defaultMessage="{count, plural, one {# response} other {# responses}}{anonymous, select, yes { · anonymous} other {}}"
              values={{ count: form.responseCount, anonymous: form.isAnonymous ? 'yes' : 'no' }}
            />
          </p>
          <SaveMark editing={editing} waiting={waiting.has(form.id)} online={online} />
        </div>
        <div className="actions">
          {MOVES[form.status].map((m) => (
            <Button
              key={m.to}
              variant={m.to === 'PUBLISHED' ? 'primary' : undefined}
              isPending={move.pending}
              onPress={() => void setStatus(m.to, m.done)}
            >
              {intl.formatMessage(m.label)}
            </Button>
          ))}
          <Button isDisabled={form.status !== 'PUBLISHED'} onPress={() => setDistributing(true)}>
            <FormattedMessage id="forms.editor.distribute" defaultMessage="Distribute" />
          </Button>
        </div>
      </header>
      {form.status !== 'PUBLISHED' && (
        <p className="hint">
          {form.status === 'DRAFT' ? (
            <FormattedMessage
              id="forms.editor.draftHint"
              defaultMessage="A draft: people cannot see it yet. Publish it, then distribute it."
            />
          ) : (
            <FormattedMessage
              id="forms.editor.closedHint"
              defaultMessage="Closed: it takes no answers. Reopen it to take answers again."
            />
          )}
        </p>
      )}
      {move.error && (
        <p className="form-error" role="alert">
          {move.error}
        </p>
      )}
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => {
          location.hash = href('forms', { edit: params.get('edit') ?? form.id, tab: String(key) });
        }}
      >
        <TabList aria-label={intl.formatMessage(EDITOR_MESSAGES.tabs)}>
          <Tab id="questions">
            <FormattedMessage id="forms.editor.tab.questions" defaultMessage="Questions" />
          </Tab>
          <Tab id="settings">
            <FormattedMessage id="forms.editor.tab.settings" defaultMessage="Settings" />
          </Tab>
          <Tab id="responses">
            <FormattedMessage id="forms.editor.tab.responses" defaultMessage="Responses" />
          </Tab>
          <Tab id="analytics">
            <FormattedMessage id="forms.editor.tab.analytics" defaultMessage="Analytics" />
          </Tab>
        </TabList>
        <TabPanel id="questions">
          <QuestionsTab editing={editing} responseCount={form.responseCount} />
        </TabPanel>
        <TabPanel id="settings">
          <SettingsTab editing={editing} responseCount={form.responseCount} />
        </TabPanel>
        <TabPanel id="responses">
          <ResponsesTab form={form} />
        </TabPanel>
        <TabPanel id="analytics">
          <AnalyticsTab form={form} />
        </TabPanel>
      </Tabs>
      {distributing && <DistributeDialog formId={form.id} title={title} onClose={() => setDistributing(false)} />}
    </article>
  );
}

/** An admin's form: built, sent, and its answers read, each on its tab. */
export function FormEditor({ id }: { id: string }) {
  const form = useAppQuery('forms.get', { id });
  if (form.error) return <ErrorNote message={form.error} onRetry={form.reload} />;
  // Another form asked for: what is shown is still the last one's answer, not this form.
  if (form.data === undefined || form.loading) return <Loading />;
  if (form.data === null)
    return (
      <Empty>
        <FormattedMessage
          id="forms.editor.gone"
          defaultMessage="This form no longer exists: it was deleted here or on the service. <link>All forms</link>"
          values={{ link: (chunks) => <a href={href('forms')}>{chunks}</a> }}
        />
      </Empty>
    );
  // A form of its own: its tab, its copy being edited. Keyed by the id it was opened by: a form made
  // here is renamed when the service takes it, and a new editor then would start from an answer
  // read before the last keystrokes were saved (and send that back).
  return <Editor key={id} form={form.data} />;
}
