import type { FastifyRequest } from 'fastify';
import appDe from '@shared/i18n/compiled/de.json';
import appEn from '@shared/i18n/compiled/en.json';
import appFr from '@shared/i18n/compiled/fr.json';
import { catalogFormatter, type Catalog, type FormatMessage } from '@shared/i18n/format';
import { acceptedLanguages, negotiateLocale, USUAL_REGION, type Locale } from '@shared/i18n/locales';
import serviceDe from './compiled/de.json';
import serviceEn from './compiled/en.json';
import serviceFr from './compiled/fr.json';

// The service speaks the app's messages (the rulebook's refusals) and its own (mails), each
// compiled at build: nothing is parsed while answering.
const catalog = (app: unknown, service: unknown) => ({ ...(app as Catalog), ...(service as Catalog) });
const FORMATS: Record<Locale, FormatMessage> = {
  en: catalogFormatter(USUAL_REGION.en, catalog(appEn, serviceEn)),
  de: catalogFormatter(USUAL_REGION.de, catalog(appDe, serviceDe)),
  fr: catalogFormatter(USUAL_REGION.fr, catalog(appFr, serviceFr)),
};

/** Messages in one of the service's languages. */
export const formatIn = (locale: Locale): FormatMessage => FORMATS[locale];

/** The language a request asks its answer in (Accept-Language), English when it names none of ours. */
export const requestLocale = (request: FastifyRequest): Locale =>
  negotiateLocale(acceptedLanguages(request.headers['accept-language']));
