import { z } from 'zod';
import { sortOrderSchema } from './enums';

/** Ids are opaque strings (docs/service.md, Basics). */
export const idSchema = z.string().min(1).max(128);

/** An ISO 8601 date-time that carries its zone, e.g. `2026-03-02T00:00:00.000Z`. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** A plain calendar date, `YYYY-MM-DD`. */
export const isoDateSchema = z.iso.date();

/** Where the contract takes a date-time, a plain date is accepted as well and means midnight UTC. */
export const dateTimeInputSchema = z.union([isoDateTimeSchema, isoDateSchema]);

/** ISO 3166-1 alpha-2 country code. */
export const countryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, 'Expected an ISO 3166-1 alpha-2 country code such as "GB"');

// Codes ICU names but no person holds: the unknown region, unions, groupings, an old alias of GB.
const NOT_COUNTRIES = new Set(['ZZ', 'EU', 'EZ', 'UN', 'QO', 'UK', 'XA', 'XB']);
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** Whether a two-letter code names a country or territory (GB, DE, XK), not just any two letters. */
export const isCountryCode = (code: string): boolean =>
  /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && regionNames.of(code) !== undefined;

/** A country as input takes it: a code that names one, in words when it does not. */
export const knownCountrySchema = countryCodeSchema.refine(isCountryCode, {
  message: 'Choose a country from the list, such as GB or DE',
});

/** Fields every stored record carries. */
export const recordFields = {
  id: idSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  version: z.number().int().min(1),
};

export const listMetaSchema = z.object({
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
  totalPages: z.number().int().min(0),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

/** The list envelope: `{ data, meta }`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}
export interface List<T> {
  data: T[];
  meta: ListMeta;
}

export const MAX_PAGE_SIZE = 500;

const positiveIntFromQuery = z.coerce
  .number({ error: 'Expected a whole number' })
  .int('Expected a whole number')
  .min(1, 'Must be at least 1');

/**
 * A list query: paging plus the list's own fields. `limit` is an alias of
 * `pageSize`; sizes above MAX_PAGE_SIZE are clamped rather than refused, and
 * `meta.pageSize` says so.
 */
export function pagedQuerySchema<S extends z.ZodRawShape>(fields: S, defaultPageSize = 10) {
  return z
    .object({
      ...fields,
      page: positiveIntFromQuery.default(1),
      pageSize: positiveIntFromQuery.optional().meta({
        default: defaultPageSize,
        description: `Items a page; more than ${MAX_PAGE_SIZE} is read as ${MAX_PAGE_SIZE}`,
      }),
      limit: positiveIntFromQuery.optional().meta({ description: 'Another name for pageSize' }),
    })
    .transform((query) => {
      // zod cannot spread a generic shape's output, so name the paging part explicitly.
      const { pageSize, limit, ...rest } = query as z.output<z.ZodObject<S>> & RawPaging;
      return {
        ...rest,
        pageSize: Math.min(pageSize ?? limit ?? defaultPageSize, MAX_PAGE_SIZE),
      } as Omit<z.output<z.ZodObject<S>>, 'page' | 'pageSize' | 'limit'> & Paging;
    });
}
interface RawPaging {
  page: number;
  pageSize?: number | undefined;
  limit?: number | undefined;
}
export interface Paging {
  page: number;
  pageSize: number;
}

/** A boolean in a query string: only `true` and `false`. */
export const booleanQuerySchema = z
  .enum(['true', 'false'], { error: 'Expected true or false' })
  .transform((v) => v === 'true');

export const problemErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
  /** Which rule refused it (ext): the same in every language, for clients to act on. */
  code: z.string().optional(),
});
export type ProblemError = z.infer<typeof problemErrorSchema>;

/** Problem type of a 409 that means "your first attempt is still running": retry, it is no conflict. */
export const REQUEST_IN_PROGRESS = 'urn:hr-offline:problem:request-in-progress';

/** RFC 9457 problem details, as every error of the service answers. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int().min(400).max(599),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(problemErrorSchema).optional(),
  /** On 412: the record as it is now. */
  current: z.unknown().optional(),
  /** On 401 for an account closed after its last working day: the first day it was closed. */
  closedOn: isoDateSchema.optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  /** Whether the service sends mail (ext): a forgotten password is then reset by a mailed link. */
  mail: z.boolean().optional(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * `GET /api/sync/state` (ext): how far the caller's organization has changed. Its ETag moves with
 * every write in the organization and every new day, so a 304 tells a client that nothing it may
 * read has changed since it last pulled everything.
 */
export const syncStateSchema = z.object({ version: z.number().int().nonnegative() });
export type SyncState = z.infer<typeof syncStateSchema>;

/** Reference lists (training categories, providers, types; departments) answer `{ data: [{ id, name }] }`. */
export const referenceItemSchema = z.object({ id: idSchema, name: z.string() });
export type ReferenceItem = z.infer<typeof referenceItemSchema>;
export const referenceListSchema = z.object({ data: z.array(referenceItemSchema) });
export type ReferenceList = z.infer<typeof referenceListSchema>;

export const sortOrderSchemaDefaultAsc = sortOrderSchema.default('asc');
export const sortOrderSchemaDefaultDesc = sortOrderSchema.default('desc');
