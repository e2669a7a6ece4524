import { referenceItemSchema, userSchema } from '../../../../src-shared/wire';
import { listItems, withVersion } from '../../api/tolerance';
import type { PullContext, PullRun } from './pullContext';
import { pullPages, optional } from './pages';

export async function pullReferences(ctx: PullContext, run: PullRun) {
  const { db, client } = ctx;
  run.progress.expect(4);
  const lists = await Promise.all(
    (['category', 'provider', 'type'] as const).map(async (kind) => {
      const res = await run.window.around(() =>
        client.request(`api/training-${kind === 'category' ? 'categories' : `${kind}s`}`),
      );
      run.progress.step();
      return { kind, items: listItems(res.body).items.map((i) => referenceItemSchema.parse(i)) };
    }),
  );
  const departments = await optional(run.window.around(() => client.request('api/departments')));
  run.progress.step();
  db.transaction(() => {
    db.prepare('DELETE FROM training_refs').run();
    const insert = db.prepare('INSERT INTO training_refs (kind, id, name) VALUES (?, ?, ?)');
    for (const { kind, items } of lists) for (const r of items) insert.run(kind, r.id, r.name);
    if (departments) {
      db.prepare('DELETE FROM departments').run();
      const dep = db.prepare('INSERT INTO departments (id, name) VALUES (?, ?)');
      for (const d of listItems(departments.body).items.map((i) => referenceItemSchema.parse(i))) dep.run(d.id, d.name);
    }
  })();
}

export async function pullUsers(ctx: PullContext, run: PullRun) {
  const { db } = ctx;
  const upsert = db.prepare(
    `INSERT INTO users (id, last_name, first_name, email, department_id, manager_id, json) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET last_name = excluded.last_name, first_name = excluded.first_name,
       email = excluded.email, department_id = excluded.department_id, manager_id = excluded.manager_id, json = excluded.json`,
  );
  const seen = await pullPages(ctx, run, {
    key: 'users',
    path: 'api/users',
    params: { sortBy: 'createdAt' },
    store: (items) => {
      for (const item of items) {
        const u = userSchema.parse(withVersion(item as object));
        upsert.run(u.id, u.lastName, u.firstName, u.email, u.departmentId, u.managerId, JSON.stringify(u));
      }
    },
  });
  if (ctx.fresh) return;
  db.transaction(() => {
    const ids = db.prepare('SELECT id FROM users').all() as { id: string }[];
    const drop = db.prepare('DELETE FROM users WHERE id = ?');
    for (const { id } of ids) if (!seen.has(id)) drop.run(id);
  })();
}
