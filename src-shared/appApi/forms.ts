import type {
  Answer,
  AssignedForm,
  Distribute,
  Form,
  FormAnalytics,
  FormCreate,
  FormResponse,
  FormUpdate,
  List,
} from '../wire';
import type { PageQuery } from './common';
import type { RefreshRules } from './refreshRules';

/** Forms: answering, building and reading their results. */
export interface FormsCalls {
  'forms.assigned': { args: undefined; result: AssignedForm[] };
  'forms.submit': { args: { formId: string; answers: Answer[] }; result: null };
  'forms.list': { args: PageQuery & { status?: Form['status']; search?: string }; result: List<Form> };
  'forms.get': { args: { id: string }; result: Form | null };
  'forms.create': { args: FormCreate; result: Form };
  'forms.update': { args: { id: string; changes: FormUpdate }; result: Form };
  'forms.delete': { args: { id: string }; result: null };
  'forms.distribute': { args: { id: string } & Distribute; result: null };
  'forms.responses': { args: { id: string } & PageQuery; result: List<FormResponse> };
  'forms.analytics': { args: { id: string }; result: FormAnalytics | null };
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const formsReads = {
  'forms.assigned': ['assignedForms', 'outbox'],
  'forms.list': ['forms'],
  'forms.get': ['forms'],
  'forms.responses': ['responses'],
  'forms.analytics': ['forms', 'responses'],
} as const satisfies RefreshRules<FormsCalls>;
