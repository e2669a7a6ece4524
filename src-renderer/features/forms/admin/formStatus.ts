import type { FormStatus } from '@shared/wire';

export const STATUS_WORDS: Record<FormStatus, string> = { DRAFT: 'Draft', PUBLISHED: 'Published', CLOSED: 'Closed' };
