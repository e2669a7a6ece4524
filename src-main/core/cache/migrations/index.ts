import type { Migration } from '../../../../src-node/sqlite/migrations';
import { migration as m001 } from './001-cache';
import { migration as m002 } from './002-training-search-index';
import { migration as m003 } from './003-calendar-leave-by-end-date';
import { migration as m004 } from './004-full-text-index-renamed';
import { migration as m005 } from './005-calendar-leave-filtered';
import { migration as m006 } from './006-calendar-people-without-nationality';
import { migration as m007 } from './007-decisions-by-their-time';
import { migration as m008 } from './008-form-drafts-and-sent-answers';
import { migration as m009 } from './009-records-gone';
import { migration as m010 } from './010-leave-balances';
import { migration as m011 } from './011-leave-days';
import { migration as m012 } from './012-form-columns';
import { migration as m013 } from './013-decision-time-as-a-column';
import { migration as m014 } from './014-training-search-by-name';
import { migration as m015 } from './015-people-as-records';
import { migration as m016 } from './016-leave-halves';
import { migration as m017 } from './017-calendar-feeds';
import { migration as m018 } from './018-indexes-a-query-reads';
import { migration as m019 } from './019-calendar-leave-outside-scope';
import { migration as m020 } from './020-records-stored-once';
import { migration as m021 } from './021-narrower-indexes';
import { migration as m022 } from './022-page-ids-packed';

/**
 * The local cache of one account, one file per migration (forward-only: add one, never edit one
 * that shipped). Records the user can change keep two copies: `base`, as the service last sent it,
 * and `json`, what the user sees (base with the pending outbox operations applied on top; NULL when
 * deleted locally). Index columns mirror `json` for the views' lists; where a column holds a field
 * as it is, `json` leaves it out and the generated `record` is the whole record (migration 020). A
 * `base` equal to `json` is stored as '' (see BASE_COLUMN in entities.ts), not a second copy.
 */
export const cacheMigrations: readonly Migration[] = [
  m001,
  m002,
  m003,
  m004,
  m005,
  m006,
  m007,
  m008,
  m009,
  m010,
  m011,
  m012,
  m013,
  m014,
  m015,
  m016,
  m017,
  m018,
  m019,
  m020,
  m021,
  m022,
];
