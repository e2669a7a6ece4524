import type { FastifyInstance } from 'fastify';
import type { ProblemError, ReferenceList } from '../../src-shared/wire';
import type { TenantDb } from '../db/tenantDb';

export type ReferenceKind = 'category' | 'provider' | 'type';

const ROUTES: [string, ReferenceKind][] = [
  ['/api/training-categories', 'category'],
  ['/api/training-providers', 'provider'],
  ['/api/training-types', 'type'],
];

export function registerTrainingReferenceRoutes(app: FastifyInstance): void {
  for (const [path, kind] of ROUTES) {
    app.get(path, async (request): Promise<ReferenceList> => ({
      data: request.tenant.all(
        'SELECT id, name FROM training_references WHERE organization_id = :org AND kind = :kind ORDER BY name, id',
        { kind },
      ),
    }));
  }
}

/** Errors for ids that are not in the organization's reference lists (400, per field). */
export function referenceErrors(
  tenant: TenantDb,
  refs: { path: string; kind: ReferenceKind; id: string | null | undefined }[],
): ProblemError[] {
  const errors: ProblemError[] = [];
  for (const ref of refs) {
    if (!ref.id) continue;
    const found = tenant.get(
      'SELECT 1 FROM training_references WHERE organization_id = :org AND kind = :kind AND id = :id',
      { kind: ref.kind, id: ref.id },
    );
    if (!found) errors.push({ path: ref.path, message: `No such training ${ref.kind} in this organization` });
  }
  return errors;
}
