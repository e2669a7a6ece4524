import { formAnalyticsSchema, formResponseSchema } from '@shared/wire';
import { listItems } from '../api/tolerance';
import {
  dropDataOfGoneForms,
  keepOnlyFormResponses,
  placeAssignedForm,
  writeFormAnalytics,
  writeFormResponse,
} from './formStore';
import { forgetAnalyticsOfGoneForms } from '../cache/syncPages';
import { storeFormColumns } from './formColumns';
import type { PullContext, PullRun } from '../sync/pull/pullContext';
import { pullPages, conditionalGet, storeRecords, removeUnseen, optional, settled } from '../sync/pull/pages';

export async function pullAssignedForms(ctx: PullContext, run: PullRun) {
  const { db } = ctx;
  run.progress.expect(1);
  const res = await optional(conditionalGet(ctx, run, 'assigned-forms', 'api/forms/assigned'));
  run.progress.step();
  if (!res) return;
  const items = listItems(res.body).items;
  db.transaction(() => {
    storeRecords(ctx, 'assigned_forms', items);
    items.forEach((item, i) => placeAssignedForm(db, (item as { id: string }).id, i));
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
    store: (items) => storeRecords(ctx, 'forms', items),
  });
  removeUnseen(ctx, 'forms', seen);
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
            for (const item of items) writeFormResponse(db, formId, formResponseSchema.parse(item));
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
        keepOnlyFormResponses(db, formId, responses);
        storeFormColumns(db, formId);
        if (analytics) {
          writeFormAnalytics(db, formId, formAnalyticsSchema.parse(analytics.body));
          analytics.remember();
        }
      })();
    }),
  );
  db.transaction(() => {
    dropDataOfGoneForms(db);
    forgetAnalyticsOfGoneForms(db);
  })();
}
