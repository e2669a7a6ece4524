import { afterEach, describe, expect, it } from 'vitest';
import { appWords } from '../../src-shared/i18n/appWords';
import { closedOnMessage, leaveCreateSchema } from '../../src-shared/rules';
import { NetworkError, SessionExpiredError } from '../../src-main/core/api/apiErrors';
import { pageWords, setRequestLanguage } from '../../src-main/core/api/language';
import { checkInput, toAppError } from '../../src-main/core/app/appError';
import { storageProblem } from '../../src-main/core/cache/storageErrors';
import { afterFailure } from '../../src-main/core/sync/syncFailure';

// What the backend says to the person follows the page's language (`app.language`); what it
// writes to its log stays English.

afterEach(() => setRequestLanguage('en'));

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return toAppError(error);
  }
  throw new Error('not refused');
};

const tooLong = { startDate: '2028-05-08', endDate: '2029-06-08', type: 'ANNUAL', notes: 'x'.repeat(2001) };

describe('the backend’s own sentences', () => {
  it('say the service cannot be reached in the page’s language, the error’s own message staying English', () => {
    const offline = new NetworkError('Could not reach https://hr.example.com: fetch failed');
    expect(toAppError(offline)).toEqual({ code: 'OFFLINE', message: 'The service cannot be reached right now' });
    setRequestLanguage('fr');
    expect(toAppError(offline)).toEqual({ code: 'OFFLINE', message: 'Le service est injoignable pour le moment' });
    expect(offline.message).toBe('Could not reach https://hr.example.com: fetch failed');
    setRequestLanguage('de');
    expect(toAppError(offline).message).toBe('Der Dienst ist gerade nicht erreichbar');
  });

  it('ask to sign in again, in the sync status too', () => {
    const expired = new SessionExpiredError();
    expect(toAppError(expired).message).toBe('Sign in again to continue syncing');
    setRequestLanguage('fr');
    expect(toAppError(expired)).toEqual({
      code: 'NOT_SIGNED_IN',
      message: 'Reconnectez-vous pour continuer la synchronisation',
    });
    expect(afterFailure(expired).change.lastError).toBe('Reconnectez-vous pour continuer la synchronisation');
    expect(expired.message).toBe('Sign in again to continue syncing');
  });

  it('name a full disk and an unexpected failure', () => {
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    expect(storageProblem(full)).toBe(
      'This computer’s disk is full, so the change was not saved. Free some space and try again.',
    );
    setRequestLanguage('de');
    expect(toAppError(full)).toEqual({
      code: 'STORAGE',
      message:
        'Die Festplatte dieses Computers ist voll, daher wurde die Änderung nicht gespeichert. Geben Sie Speicherplatz frei und versuchen Sie es erneut.',
    });
    expect(toAppError(new Error('boom')).message).toBe('In der App ist ein Fehler aufgetreten');
    setRequestLanguage('fr');
    expect(toAppError(new Error('boom')).message).toBe('Une erreur s’est produite dans l’application');
  });

  it('sum up the rulebook’s refusals in the page’s language, each issue keeping its English and its code', () => {
    const english = refusal(() => checkInput(leaveCreateSchema, tooLong));
    expect(english.code).toBe('INVALID_INPUT');
    expect(english.message).toMatch(/^2 things need correcting: /);
    setRequestLanguage('de');
    const german = refusal(() => checkInput(leaveCreateSchema, tooLong));
    expect(german.message).toBe(
      '2 Angaben sind zu korrigieren: Notizen: zu lang, höchstens 2000 Zeichen; Ein Antrag kann höchstens 366 Tage umfassen',
    );
    // The issues are the rulebook's, said by the page itself from their codes.
    expect(german.details).toEqual(english.details);
    setRequestLanguage('fr');
    expect(refusal(() => checkInput(leaveCreateSchema, tooLong)).message).toBe(
      '2 points à corriger : Texte trop long pour les notes : 2000 caractères au maximum ; Une demande peut couvrir 366 jours au maximum',
    );
  });

  it('tell a closed account the day it closed as the reader writes dates', () => {
    expect(closedOnMessage('2026-03-07')).toBe('This account was closed on 7 March 2026');
    expect(closedOnMessage('2026-03-07', appWords('de'))).toBe('Dieses Konto wurde am 7. März 2026 geschlossen');
    expect(closedOnMessage('2026-03-07', appWords('fr'))).toBe('Ce compte a été clôturé le 7 mars 2026');
    // In the region the page writes in, when it is of the page's language.
    setRequestLanguage('en', 'en-US');
    expect(closedOnMessage('2026-03-07', pageWords())).toBe('This account was closed on March 7, 2026');
    setRequestLanguage('de', 'en-US');
    expect(closedOnMessage('2026-03-07', pageWords())).toBe('Dieses Konto wurde am 7. März 2026 geschlossen');
  });
});
