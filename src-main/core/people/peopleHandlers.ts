import { DEFAULT_CURRENCY } from '@shared/records/money';
import { organizationSchema, organizationUpdateSchema, type Organization } from '@shared/wire';
import { NetworkError } from '../api/apiErrors';
import {
  countUsers,
  departments,
  readOrganization,
  readUser,
  userNames,
  usersPage,
  writeOrganization,
} from './peopleStore';
import { AppFailure, checkInput } from '../app/appError';
import { requireAccount, type BackendContext } from '../app/openAccount';
import type { HandlerMap } from '../app/handlerMap';
import type { UsersCalls } from '@shared/appApi';

export function peopleHandlers(ctx: BackendContext): HandlerMap<UsersCalls> {
  return {
    'users.list': async (q) => usersPage(requireAccount(ctx).db, q),
    'users.me': async () => {
      const account = requireAccount(ctx);
      return readUser(account.db, account.summary.userId);
    },
    'users.names': async () => userNames(requireAccount(ctx).db),
    'users.count': async ({ all, departmentIds = [], userIds = [] }) =>
      countUsers(requireAccount(ctx).db, { all, departmentIds, userIds }),
    'departments.list': async () => departments(requireAccount(ctx).db),

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
