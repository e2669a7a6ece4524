import { useState } from 'react';
import type { Form, FormStatus } from '@shared/wire';
import { Button, Empty, ErrorNote, Loading, Tab, TabList, TabPanel, Tabs, toast } from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { href, useRoute } from '@renderer/state/route';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { useWaitingIds } from '@renderer/state/useWaitingIds';
import { AnalyticsTab } from './analytics/AnalyticsTab';
import { DistributeDialog } from './DistributeDialog';
import { STATUS_WORDS } from './formStatus';
import { QuestionsTab } from './QuestionsTab';
import { ResponsesTab } from './ResponsesTab';
import { SettingsTab } from './SettingsTab';
import { useFormEditing, type FormEditing } from './useFormEditing';
import './builder.css';

/** Whether what was typed is kept: saving, saved here while offline, saved, or why not. */
function SaveMark({ editing, waiting, online }: { editing: FormEditing; waiting: boolean; online: boolean }) {
  const { saveState, error } = editing;
  const [text, tone] =
    saveState === 'invalid' && editing.issuesHeld && Object.keys(editing.issues).length === 0
      ? ['Not saved yet: the new question is still being written', 'waiting']
      : saveState === 'invalid'
        ? ['Not saved: mend the fields marked below', 'problem']
        : saveState === 'failed'
          ? [`Not saved: ${error ?? 'something went wrong'}`, 'problem']
          : saveState === 'saving' || (waiting && online)
            ? ['Saving…', 'waiting']
            : waiting
              ? ['Saved offline: it goes to the service when you are online', 'waiting']
              : ['Saved', 'done'];
  return (
    <p className={`forms-save-mark forms-${tone}`} role="status">
      {text}
    </p>
  );
}

const MOVES: Record<FormStatus, { to: FormStatus; label: string; done: string }[]> = {
  DRAFT: [{ to: 'PUBLISHED', label: 'Publish', done: 'Published' }],
  PUBLISHED: [{ to: 'CLOSED', label: 'Close form', done: 'Closed: it takes no more answers' }],
  CLOSED: [{ to: 'PUBLISHED', label: 'Reopen', done: 'Reopened: it takes answers again' }],
};

const EDITOR_TABS = ['questions', 'settings', 'responses', 'analytics'];

function Editor({ form }: { form: Form }) {
  const editing = useFormEditing(form);
  // The tab is in the address, so a reload or a link keeps it.
  const { params } = useRoute();
  const asked = params.get('tab');
  const tab = asked && EDITOR_TABS.includes(asked) ? asked : form.responseCount > 0 ? 'analytics' : 'questions';
  const move = useAppAction('forms.update');
  const online = useAppStore((s) => s.sync?.online ?? false);
  const { waiting } = useWaitingIds();
  const [distributing, setDistributing] = useState(false);
  const title = editing.draft?.title || form.title || 'Untitled form';

  const setStatus = async (to: FormStatus, done: string) => {
    if (to === 'PUBLISHED' && (editing.draft?.questions.length ?? form.questions.length) === 0) {
      toast('Add a question before publishing the form');
      return;
    }
    if (!(await editing.flush(to === 'PUBLISHED'))) return;
    if ((await move.run({ id: form.id, changes: { status: to } })) !== undefined) toast(`${done}: ${title}`);
  };

  return (
    <article className="form-editor" aria-labelledby="form-editor-title">
      <a href={href('forms')} className="back-link">
        ← All forms
      </a>
      <header className="forms-editor-head">
        <div>
          <h2 id="form-editor-title">{title}</h2>
          <p className="hint">
            <span className={`badge forms-status forms-${form.status.toLowerCase()}`}>{STATUS_WORDS[form.status]}</span>{' '}
            {form.responseCount} response{form.responseCount === 1 ? '' : 's'}
            {form.isAnonymous ? ' · anonymous' : ''}
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
              {m.label}
            </Button>
          ))}
          <Button isDisabled={form.status !== 'PUBLISHED'} onPress={() => setDistributing(true)}>
            Distribute
          </Button>
        </div>
      </header>
      {form.status !== 'PUBLISHED' && (
        <p className="hint">
          {form.status === 'DRAFT'
            ? 'A draft: people cannot see it yet. Publish it, then distribute it.'
            : 'Closed: it takes no answers. Reopen it to take answers again.'}
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
        <TabList aria-label="Form">
          <Tab id="questions">Questions</Tab>
          <Tab id="settings">Settings</Tab>
          <Tab id="responses">Responses</Tab>
          <Tab id="analytics">Analytics</Tab>
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
        This form no longer exists: it was deleted here or on the service. <a href={href('forms')}>All forms</a>
      </Empty>
    );
  // A form of its own: its tab, its copy being edited. Keyed by the id it was opened by: a form made
  // here is renamed when the service takes it, and a new editor then would start from an answer
  // read before the last keystrokes were saved (and send that back).
  return <Editor key={id} form={form.data} />;
}
