import type { z } from 'zod';
import {
  assignedFormSchema,
  formResponseSchema,
  formSchema,
  leaveSchema,
  notificationSchema,
  trainingSchema,
  userSchema,
} from '../../../src-shared/wire';
import { listItems, withVersion } from '../api/tolerance';
import { entityValues, type EntityName, type EntityRecords, type SqlValue } from '../cache/entities';

/** A record of a page as the cache stores it: its id, its index columns, and its JSON. */
export interface DecodedRow {
  id: string;
  values: SqlValue[];
  json: string;
}

export interface DecodedPage {
  rows: DecodedRow[];
  /** From the page's paging meta, when it has one. */
  totalPages: number | null;
}

function entity<E extends EntityName>(name: E, schema: z.ZodType<EntityRecords[E]>) {
  return (item: unknown): DecodedRow => {
    const record = schema.parse(withVersion(item as object));
    return { id: (record as { id: string }).id, values: entityValues(name, record), json: JSON.stringify(record) };
  };
}

/** Every kind of paged list the pull stores, and how one of its records becomes a row. */
const decoders = {
  trainings: entity('trainings', trainingSchema),
  leave: entity('leave', leaveSchema),
  notifications: entity('notifications', notificationSchema),
  forms: entity('forms', formSchema),
  assigned_forms: entity('assigned_forms', assignedFormSchema),
  users: (item: unknown): DecodedRow => {
    const u = userSchema.parse(withVersion(item as object));
    return {
      id: u.id,
      values: [u.lastName, u.firstName, u.email, u.departmentId, u.managerId],
      json: JSON.stringify(u),
    };
  },
  form_responses: (item: unknown): DecodedRow => {
    const r = formResponseSchema.parse(item);
    return { id: r.id, values: [r.submittedAt], json: JSON.stringify(r) };
  },
} satisfies Record<string, (item: unknown) => DecodedRow>;

export type PageKind = keyof typeof decoders;

/**
 * A page of a list as the service sent it (JSON text) to the rows the cache stores: parsed,
 * every record checked against the wire schema, and serialized again. The same work wherever it
 * runs (on the decoder thread, or here when there is none); a record the schema refuses fails
 * the whole page.
 */
export function decodePage(kind: PageKind, text: string): DecodedPage {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: no list either, which listItems says.
  }
  const { items, meta } = listItems(body);
  return { rows: decodeItems(kind, items), totalPages: typeof meta.totalPages === 'number' ? meta.totalPages : null };
}

/** Records already parsed (a list that is not paged) to rows. */
export function decodeItems(kind: PageKind, items: unknown[]): DecodedRow[] {
  return items.map(decoders[kind]);
}
