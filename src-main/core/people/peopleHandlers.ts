import { DEFAULT_CURRENCY } from '@shared/records/money';
import {
  organizationSchema,
  organizationUpdateSchema,
  type Organization,
  type ReferenceItem,
  type User,
} from '@shared/wire';
import { NetworkError } from '../api/apiErrors';
import { readOrganization, writeOrganization } from './peopleStore';
import { AppFailure, checkInput } from '../app/appError';
import { requireAccount, type BackendContext } from '../app/openAccount';
import { cachePage } from '../cache/cachePage';
import type { HandlerMap } from '../app/handlerMap';
import type { UsersCalls } from '@shared/appApi';

export function peopleHandlers(ctx: BackendContext): HandlerMap<UsersCalls> {
  return {
    'users.list': async ({ search, departmentId, managerId, page, pageSize }) => {
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
      if (managerId) {
        where.push('manager_id = ?');
        params.push(managerId);
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
    'users.names': async () => {
      const rows = requireAccount(ctx)
        .db.prepare("SELECT id, first_name || ' ' || last_name AS name FROM users")
        .all() as { id: string; name: string }[];
      return Object.fromEntries(rows.map((r) => [r.id, r.name]));
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

    'organization.get': async () => {
      const org = readOrganization(requireAccount(ctx).db);
      return { name: org?.name ?? null, currency: org?.currency ?? DEFAULT_CURRENCY };
    },

    'organization.setCurrency': async (input) => {
      const account = requireAccount(ctx);
      if (account.role !== 'ADMIN') throw new AppFailure('FORBIDDEN', 'Only an admin sets the currency');
      const body = checkInput(organizationUpdateSchema, input);
      let saved: Organization;
      try {
        const res = await account.client.request<unknown>('api/organization', { method: 'PUT', json: body });
        saved = organizationSchema.parse(res.body);
      } catch (error) {
        if (error instanceof NetworkError) {
          throw new AppFailure('OFFLINE', 'The currency is set on the service, and the service cannot be reached now');
        }
        throw error;
      }
      account.db.transaction(() => writeOrganization(account.db, saved))();
      ctx.emit('changed', { collections: ['references'] });
      return { name: saved.name, currency: saved.currency };
    },
  };
}
