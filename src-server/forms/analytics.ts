import type { Form, FormAnalytics } from '../../src-shared/wire';
import { analyticsOf } from '../../src-shared/records/formAnalytics';
import type { TenantDb } from '../db/tenantDb';
import { formTally } from './formStore';

/** The analytics of the forms contract, from the one definition, fed in one transaction. */
export function formAnalytics(tenant: TenantDb, form: Form): FormAnalytics {
  return analyticsOf(
    form,
    tenant.transaction(() => formTally(tenant, form)),
  );
}
