import { referenceListSchema } from '@shared/wire';
import type { FastifyInstance } from 'fastify';
import type { ProblemError, ReferenceList } from '@shared/wire';
import type { TenantDb } from '../db/tenantDb';
import { referenceIssues, type ReferenceChoice, type ReferenceKind } from '@shared/rules';
import { isReference, referencesOf } from './trainingStore';

const ROUTES: [string, ReferenceKind][] = [
  ['/api/training-categories', 'category'],
  ['/api/training-providers', 'provider'],
  ['/api/training-types', 'type'],
];

export function registerTrainingReferenceRoutes(app: FastifyInstance): void {
  for (const [path, kind] of ROUTES) {
    app.get(
      path,
      { schema: { summary: `The organization's training ${kind} choices`, response: { 200: referenceListSchema } } },
      async (request): Promise<ReferenceList> => ({
        data: await referencesOf(request.tenant, kind),
      }),
    );
  }
}

/** Ids that are not in the organization's reference lists, in the rulebook's words (400, per field). */
export async function referenceErrors(tenant: TenantDb, refs: ReferenceChoice[]): Promise<ProblemError[]> {
  const known = new Set<string>();
  for (const { kind, id } of refs) if (id != null && (await isReference(tenant, kind, id))) known.add(`${kind}:${id}`);
  return referenceIssues(refs, (kind, id) => known.has(`${kind}:${id}`));
}
