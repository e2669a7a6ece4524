import { defineMessages } from '@formatjs/intl';
import { DEFAULT_CURRENCY } from '@shared/records/money';
import { utcToday } from '@shared/calendar/dates';
import { departmentTakenIssue } from '@shared/rules';
import {
  departmentWriteSchema,
  organizationSchema,
  organizationUpdateSchema,
  userCreateSchema,
  userUpdateSchema,
  type Organization,
  type User,
} from '@shared/wire';
import type { UsersCalls } from '@shared/appApi';
import { NetworkError } from '../api/apiErrors';
import { speak } from '../api/language';
import { readEffective } from '../cache/entities';
import { AppFailure, checkInput, requireNoIssues } from '../app/appError';
import { requireAccount, type BackendContext, type OpenAccount } from '../app/openAccount';
import { queueChange } from '../app/queueChange';
import type { HandlerMap } from '../app/handlerMap';
import {
  chartPeople,
  countUsers,
  departmentNamed,
  departments,
  departmentsWithHeadcount,
  readOrganization,
  readUser,
  reportsOf,
  userNames,
  usersPage,
  writeOrganization,
} from './peopleStore';
import { checkImport, personCreateIssues, personUpdateIssues } from './peopleChecks';

// The handlers' refusals, in the page's language.
const REFUSALS = defineMessages({
  onlyAdmin: {
    id: 'core.people.onlyAdmin',
    defaultMessage:
      'Only an admin {what, select, setCurrency {sets the currency} addPeople {adds people} changePerson {changes a person} invite {invites people} addDepartment {adds departments} renameDepartment {renames departments} deleteDepartment {deletes departments} other {imports people}}',
  },
  notInOrganization: { id: 'core.people.notInOrganization', defaultMessage: 'This person is not in the organization' },
  currencyOnService: {
    id: 'core.people.currencyOnService',
    defaultMessage: 'The currency is set on the service, and the service cannot be reached now',
  },
  alreadyJoined: {
    id: 'core.people.alreadyJoined',
    defaultMessage: '{name} has already joined: a forgotten password is reset from the sign-in page',
  },
  hasLeft: {
    id: 'core.people.hasLeft',
    defaultMessage: '{name} has left the organization: bring them back before inviting them again',
  },
  departmentGone: { id: 'core.people.departmentGone', defaultMessage: 'This department is gone' },
  departmentNotEmpty: {
    id: 'core.people.departmentNotEmpty',
    defaultMessage: '{name} still has people in it: move them to another department first',
  },
});

type AdminWork =
  | 'setCurrency'
  | 'addPeople'
  | 'changePerson'
  | 'invite'
  | 'addDepartment'
  | 'renameDepartment'
  | 'deleteDepartment'
  | 'importPeople';

function requireAdmin(account: OpenAccount, what: AdminWork): void {
  if (account.role !== 'ADMIN') throw new AppFailure('FORBIDDEN', speak(REFUSALS.onlyAdmin, { what }));
}

function existingPerson(account: OpenAccount, id: string): User {
  const person = readEffective(account.db, 'users', id);
  if (!person) throw new AppFailure('NOT_FOUND', speak(REFUSALS.notInOrganization));
  return person;
}

export function peopleHandlers(ctx: BackendContext): HandlerMap<UsersCalls> {
  const today = () => utcToday(ctx.now());
  return {
    'users.list': async (q) => {
      const account = requireAccount(ctx);
      // Former colleagues are an admin's to list.
      const employment = account.role === 'ADMIN' ? q.employment : 'current';
      return usersPage(account.db, { ...q, employment }, today());
    },
    'users.me': async () => {
      const account = requireAccount(ctx);
      return readUser(account.db, account.summary.userId);
    },
    'users.person': async ({ id }) => {
      const { db, role } = requireAccount(ctx);
      const person = readUser(db, id);
      if (!person) return null;
      const manager = person.managerId ? readUser(db, person.managerId) : null;
      const department = person.departmentId ? readEffective(db, 'departments', person.departmentId) : null;
      // The link to pass on is an admin's.
      const shown = role === 'ADMIN' ? person : { ...person, invitation: undefined };
      return {
        person: shown,
        department: department?.name ?? null,
        manager: manager ? { id: manager.id, name: `${manager.firstName} ${manager.lastName}` } : null,
        reports: reportsOf(db, id, today()).map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}` })),
      };
    },
    'users.chart': async () => chartPeople(requireAccount(ctx).db, today()),
    'users.names': async () => userNames(requireAccount(ctx).db),
    'users.count': async ({ all, departmentIds = [], userIds = [] }) =>
      countUsers(requireAccount(ctx).db, { all, departmentIds, userIds }, today()),
    'departments.list': async () => departments(requireAccount(ctx).db),
    'departments.summary': async () => departmentsWithHeadcount(requireAccount(ctx).db, today()),

    'organization.get': async () => {
      const org = readOrganization(requireAccount(ctx).db);
      return { name: org?.name ?? null, currency: org?.currency ?? DEFAULT_CURRENCY };
    },

    'organization.setCurrency': async (input) => {
      const account = requireAccount(ctx);
      requireAdmin(account, 'setCurrency');
      const body = checkInput(organizationUpdateSchema, input);
      let saved: Organization;
      try {
        const res = await account.client.request<unknown>('api/organization', { method: 'PUT', json: body });
        saved = organizationSchema.parse(res.body);
      } catch (error) {
        if (error instanceof NetworkError) {
          throw new AppFailure('OFFLINE', speak(REFUSALS.currencyOnService));
        }
        throw error;
      }
      account.db.transaction(() => writeOrganization(account.db, saved))();
      ctx.emit('changed', { collections: ['references'] });
      return { name: saved.name, currency: saved.currency };
    },

    'users.create': async (input) => {
      const fields = checkInput(userCreateSchema.omit({ password: true }), input);
      return queueChange(ctx, ['users'], {
        kind: 'person.create',
        id: 'new',
        payload: fields,
        guard: (account) => {
          requireAdmin(account, 'addPeople');
          requireNoIssues(personCreateIssues(account.db, fields, today()));
        },
      })!;
    },

    'users.update': async ({ id: asked, changes }) => {
      const fields = checkInput(userUpdateSchema, changes);
      return queueChange(ctx, ['users'], {
        kind: 'person.update',
        id: asked,
        payload: fields,
        guard: (account, id) => {
          requireAdmin(account, 'changePerson');
          const current = existingPerson(account, id);
          const { issues, conflict } = personUpdateIssues(account.db, current, fields, today());
          requireNoIssues(issues);
          requireNoIssues(conflict, 'CONFLICT');
        },
      })!;
    },

    'users.reinvite': async ({ id: asked }) =>
      queueChange(ctx, ['users'], {
        kind: 'person.invite',
        id: asked,
        payload: {},
        guard: (account, id) => {
          requireAdmin(account, 'invite');
          const person = existingPerson(account, id);
          const name = `${person.firstName} ${person.lastName}`;
          if (person.status === 'ACTIVE') {
            throw new AppFailure('CONFLICT', speak(REFUSALS.alreadyJoined, { name }));
          }
          if (person.endDate && person.endDate < today()) {
            throw new AppFailure('CONFLICT', speak(REFUSALS.hasLeft, { name }));
          }
        },
      })!,

    'departments.create': async (input) => {
      const { name } = checkInput(departmentWriteSchema, input);
      return queueChange(ctx, ['references'], {
        kind: 'department.create',
        id: 'new',
        payload: { name },
        guard: (account) => {
          requireAdmin(account, 'addDepartment');
          if (departmentNamed(account.db, name)) {
            requireNoIssues([departmentTakenIssue(name)]);
          }
        },
      })!;
    },

    'departments.rename': async ({ id: asked, ...input }) => {
      const { name } = checkInput(departmentWriteSchema, input);
      return queueChange(ctx, ['references'], {
        kind: 'department.rename',
        id: asked,
        payload: { name },
        guard: (account, id) => {
          requireAdmin(account, 'renameDepartment');
          if (!readEffective(account.db, 'departments', id))
            throw new AppFailure('NOT_FOUND', speak(REFUSALS.departmentGone));
          if (departmentNamed(account.db, name, id)) {
            requireNoIssues([departmentTakenIssue(name)]);
          }
        },
      })!;
    },

    'departments.delete': async ({ id: asked }) => {
      queueChange(ctx, ['references'], {
        kind: 'department.delete',
        id: asked,
        payload: {},
        guard: (account, id) => {
          requireAdmin(account, 'deleteDepartment');
          const row = departmentsWithHeadcount(account.db, today()).find((d) => d.id === id);
          if (!row) throw new AppFailure('NOT_FOUND', speak(REFUSALS.departmentGone));
          if (row.people + row.former > 0) {
            throw new AppFailure('CONFLICT', speak(REFUSALS.departmentNotEmpty, { name: row.name }));
          }
        },
      });
      return null;
    },

    'people.checkImport': async ({ rows }) => {
      const account = requireAccount(ctx);
      requireAdmin(account, 'importPeople');
      return checkImport(account.db, rows, today()).check;
    },

    'people.import': async ({ rows }) => {
      const account = requireAccount(ctx);
      requireAdmin(account, 'importPeople');
      const { check, valid } = checkImport(account.db, rows, today());
      requireNoIssues(check.issues);
      if (check.created + check.updated > 0) {
        queueChange(ctx, ['users', 'references'], { kind: 'people.import', id: null, payload: { rows: valid } });
      }
      return check;
    },
  };
}
