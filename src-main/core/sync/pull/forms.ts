import { assignedFormSchema, formAnalyticsSchema, formResponseSchema, formSchema } from '../../../../src-shared/wire';
import { listItems } from '../../api/tolerance';
import type { PullContext, PullRun } from './pullContext';
import { pullPages, conditionalGet, storeRecords, removeUnseen, optional, settled } from './pages';

export async function pullAssignedForms(ctx: PullContext, run: PullRun) {
  const { db } = ctx;
  run.progress.expect(1);
  const res = await optional(conditionalGet(ctx, run, 'assigned-forms', 'api/forms/assigned'));
  run.progress.step();
  if (!res) return;
  const items = listItems(res.body).items;
  const position = db.prepare('UPDATE assigned_forms SET position = ? WHERE id = ?');
  db.transaction(() => {
    storeRecords(ctx, 'assigned_forms', assignedFormSchema, items);
    items.forEach((item, i) => position.run(i, (item as { id: string }).id));
    res.remember();
  })();
  removeUnseen(ctx, 'assigned_forms', new Set(items.map((i) => (i as { id: string }).id)));
}

/** Every form with its responses and analytics: what an admin reads on a plane. */
export async function pullAdminForms(ctx: PullContext, run: PullRun) {
  const { db } = ctx;
  const seen = await pullPages(ctx, run, {
    key: 'forms',
    path: 'api/forms',
    paging: { page: 'page', size: 'limit' },
    store: (items) => storeRecords(ctx, 'forms', formSchema, items),
  });
  removeUnseen(ctx, 'forms', seen);
  const upsert = db.prepare(
    'INSERT OR REPLACE INTO form_responses (id, form_id, submitted_at, json) VALUES (?, ?, ?, ?)',
  );
  // Every form at once: one form's analytics are built while another's responses are stored.
  await settled(
    run,
    [...seen].map(async (formId) => {
      const [responses, analytics] = await settled(run, [
        pullPages(ctx, run, {
          key: `responses:${formId}`,
          path: `api/forms/${encodeURIComponent(formId)}/responses`,
          paging: { page: 'page', size: 'limit' },
          store: (items) => {
            for (const item of items) {
              const r = formResponseSchema.parse(item);
              upsert.run(r.id, formId, r.submittedAt, JSON.stringify(r));
            }
          },
        }),
        (async () => {
          run.progress.expect(1);
          const answer = await conditionalGet(
            ctx,
            run,
            `analytics:${formId}`,
            `api/forms/${encodeURIComponent(formId)}/analytics`,
          );
          run.progress.step();
          return answer;
        })(),
      ] as const);
      db.transaction(() => {
        const kept = db.prepare('SELECT id FROM form_responses WHERE form_id = ?').all(formId) as { id: string }[];
        for (const { id } of kept)
          if (!responses.has(id)) db.prepare('DELETE FROM form_responses WHERE id = ?').run(id);
        if (analytics) {
          db.prepare('INSERT OR REPLACE INTO form_analytics (form_id, json) VALUES (?, ?)').run(
            formId,
            JSON.stringify(formAnalyticsSchema.parse(analytics.body)),
          );
          analytics.remember();
        }
      })();
    }),
  );
  db.prepare('DELETE FROM form_responses WHERE form_id NOT IN (SELECT id FROM forms)').run();
  db.prepare('DELETE FROM form_analytics WHERE form_id NOT IN (SELECT id FROM forms)').run();
  db.prepare(
    "DELETE FROM sync_pages WHERE (key LIKE 'analytics:%' AND substr(key, 11) NOT IN (SELECT id FROM forms))",
  ).run();
}
