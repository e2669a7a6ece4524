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

/**
 * Where a form sent to me stands: to answer, a draft kept here, sent and waiting for the network,
 * refused by the service, sent, closed, full, or not open yet.
 */
export type MyFormState = 'open' | 'draft' | 'waiting' | 'refused' | 'sent' | 'closed' | 'full' | 'notOpen';

export interface MyForm extends AssignedForm {
  state: MyFormState;
  draftSavedAt: string | null;
  /** When I last sent it, from here or as the service knows; null for an anonymous form answered elsewhere. */
  sentAt: string | null;
  /** Why the service refused what I sent (state 'refused'), and what it said of each answer. */
  refusal: string | null;
  refusalIssues: Record<string, string>;
  /** What I sent that was refused, to mend and send again. */
  refusedAnswers: AnswerMap | null;
  /** Whether my sent answers can be read again here (never for an anonymous form). */
  answersKept: boolean;
}

/** A form in an admin's list: with how many people it was sent to, when the service has said. */
export type ListedForm = Form & { distributedCount: number | null };

/** Which responses analytics reads: submitted within dates (inclusive), from one department. */
export interface AnalyticsFilter {
  from?: string;
  to?: string;
  departmentId?: string;
}

export { SMALLEST_ANONYMOUS_GROUP } from '../records/anonymity';

/** A form's analytics computed here from the cached responses, so filters work offline. */
export interface FormInsights {
  /** null when the figures are withheld (`withheld` says why). */
  analytics: FormAnalytics | null;
  withheld: string | null;
  filtered: boolean;
  /** The departments the form's respondents belong to, with how many responses each (not for anonymous forms). */
  departments: { id: string; name: string; responses: number }[];
}

/** Answers as typed: question id → value (a MULTIPLE_CHOICE's as a JSON array). */
export type AnswerMap = Record<string, string>;

/** Forms: answering, building and reading their results. */
export interface FormsCalls {
  'forms.assigned': { args: undefined; result: MyForm[] };
  'forms.draft': { args: { formId: string }; result: { answers: AnswerMap; savedAt: string } | null };
  'forms.saveDraft': { args: { formId: string; answers: AnswerMap }; result: { savedAt: string } };
  'forms.discardDraft': { args: { formId: string }; result: null };
  'forms.sentAnswers': { args: { formId: string }; result: { answers: AnswerMap; sentAt: string } | null };
  'forms.submit': { args: { formId: string; answers: Answer[] }; result: null };
  'forms.list': { args: PageQuery & { status?: Form['status']; search?: string }; result: List<ListedForm> };
  'forms.get': { args: { id: string }; result: Form | null };
  'forms.create': { args: FormCreate; result: Form };
  'forms.update': { args: { id: string; changes: FormUpdate }; result: Form };
  'forms.delete': { args: { id: string }; result: null };
  'forms.distribute': { args: { id: string } & Distribute; result: null };
  /** An anonymous form's responses by day only, and none while fewer than 5 have answered (`withheld` says so). */
  'forms.responses': { args: { id: string } & PageQuery; result: List<FormResponse> & { withheld?: string } };
  /** A text question's answers within the analytics' filter, the 10 newest, found by words they contain, and how many there are. */
  'forms.textAnswers': {
    args: { id: string; questionId: string; search: string } & AnalyticsFilter;
    result: { answers: { value: string; submittedAt: string }[]; total: number };
  };
  /** The service's CSV of every response (it needs the network): one row per response. */
  'forms.exportCsv': { args: { id: string }; result: { fileName: string; text: string } };
  'forms.analytics': { args: { id: string } & AnalyticsFilter; result: FormInsights | null };
}

/** What refreshes each read: the collections whose change makes its answer stale. */
export const formsReads = {
  'forms.assigned': ['assignedForms', 'outbox', 'formDrafts'],
  'forms.draft': ['formDrafts'],
  'forms.sentAnswers': ['assignedForms'],
  'forms.list': ['forms'],
  'forms.get': ['forms'],
  'forms.responses': ['responses'],
  'forms.analytics': ['forms', 'responses'],
  'forms.textAnswers': ['responses'],
} as const satisfies RefreshRules<FormsCalls>;
