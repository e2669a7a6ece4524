import type { Form, FormAnalytics } from '@shared/wire';
import { analyticsOf } from '@shared/records/formAnalytics';
import type { TenantDb } from '../db/tenantDb';
import { formTally } from './responseStore';

/** The analytics of the forms contract, from the one definition, fed in one transaction. */
export async function formAnalytics(tenant: TenantDb, form: Form): Promise<FormAnalytics> {
  return analyticsOf(form, await tenant.transaction(() => formTally(tenant, form), 'read'));
}
