import type { Conditions } from '../db/engine/pages';
import type { ListScope } from './scope';

/**
 * The SQL condition that keeps a list to a scope, for a column holding a user id: the one place a
 * scope becomes SQL. Bind its params alongside the query's own.
 */
export function scopeCondition(
  scope: ListScope,
  userColumn: 'id' | 'user_id',
): { sql: string; params: { scopeUserId: string } } {
  const params = { scopeUserId: scope.userId };
  switch (scope.reach) {
    case 'organization':
      return { sql: '1 = 1', params };
    case 'team':
      return {
        // One IN list rather than an OR, so the planner can still search by user.
        sql: `${userColumn} IN (SELECT :scopeUserId UNION ALL
          SELECT id FROM users WHERE organization_id = :org AND manager_id = :scopeUserId)`,
        params,
      };
    case 'own':
      return { sql: `${userColumn} = :scopeUserId`, params };
  }
}

/** A list's conditions kept to `scope`, when there is one. */
export function inScopeOf(where: Conditions, scope: ListScope | undefined): Conditions {
  if (!scope) return where;
  const condition = scopeCondition(scope, 'user_id');
  return where.and(condition.sql, condition.params);
}
