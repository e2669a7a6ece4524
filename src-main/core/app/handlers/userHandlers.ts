import type { ReferenceItem, User } from '../../../../src-shared/wire';
import { requireAccount, type BackendContext } from '../openAccount';
import { cachePage } from './cachePage';
import type { HandlerMap } from './handlerMap';
import type { UsersCalls } from '../../../../src-shared/appApi';

export function userHandlers(ctx: BackendContext): HandlerMap<UsersCalls> {
  return {
    'users.list': async ({ search, departmentId, page, pageSize }) => {
      const { db } = requireAccount(ctx);
      const where = ['1 = 1'];
      const params: unknown[] = [];
      if (search?.trim()) {
        where.push("(first_name || ' ' || last_name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\')");
        const like = `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        params.push(like, like);
      }
      if (departmentId) {
        where.push('department_id = ?');
        params.push(departmentId);
      }
      return cachePage<User>(db, {
        from: `FROM users WHERE ${where.join(' AND ')}`,
        params,
        orderBy: 'last_name, first_name, id',
        page,
        pageSize,
      });
    },
    'users.me': async () => {
      const account = requireAccount(ctx);
      const row = account.db.prepare('SELECT json FROM users WHERE id = ?').get(account.summary.userId) as
        { json: string } | undefined;
      return row ? (JSON.parse(row.json) as User) : null;
    },
    'users.count': async ({ all, departmentIds = [], userIds = [] }) => {
      const { db } = requireAccount(ctx);
      if (all) return (db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
      return (
        db
          .prepare(
            `SELECT COUNT(*) AS n FROM users
             WHERE department_id IN (SELECT value FROM json_each(?)) OR id IN (SELECT value FROM json_each(?))`,
          )
          .get(JSON.stringify(departmentIds), JSON.stringify(userIds)) as { n: number }
      ).n;
    },
    'departments.list': async () =>
      requireAccount(ctx).db.prepare('SELECT id, name FROM departments ORDER BY name, id').all() as ReferenceItem[],
  };
}
