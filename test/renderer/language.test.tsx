// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider, useLanguage } from '../../src-renderer/i18n/LanguageProvider';
import { VIEW_MESSAGES } from '../../src-shared/i18n/viewMessages';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function Names() {
  const intl = useIntl();
  return (
    <p>
      {intl.formatMessage(VIEW_MESSAGES.leave)} · {intl.formatMessage(VIEW_MESSAGES.approvals)}
    </p>
  );
}

describe('the language of the views', () => {
  it('is the one chosen on this computer, its catalog loaded before the views show', async () => {
    localStorage.setItem('hr.language', 'de');
    render(
      <LanguageProvider>
        <Names />
      </LanguageProvider>,
    );
    expect(await screen.findByText('Abwesenheiten · Genehmigungen')).toBeTruthy();
    cleanup();
    localStorage.setItem('hr.language', 'fr');
    render(
      <LanguageProvider>
        <Names />
      </LanguageProvider>,
    );
    expect(await screen.findByText('Absences · Approbations')).toBeTruthy();
  });

  it('follows the system when none is chosen, changes at once when one is, and follows it again when the choice goes', async () => {
    Object.defineProperty(navigator, 'languages', { value: ['fr-CA', 'en'], configurable: true });
    function Chooser() {
      const { choose, chosen } = useLanguage();
      return (
        <>
          <Names />
          <button onClick={() => choose(chosen ? null : 'de')}>switch</button>
        </>
      );
    }
    render(
      <LanguageProvider>
        <Chooser />
      </LanguageProvider>,
    );
    expect(await screen.findByText('Absences · Approbations')).toBeTruthy();
    screen.getByRole('button').click();
    expect(await screen.findByText('Abwesenheiten · Genehmigungen')).toBeTruthy();
    expect(localStorage.getItem('hr.language')).toBe('de');
    screen.getByRole('button').click();
    expect(await screen.findByText('Absences · Approbations')).toBeTruthy();
    expect(localStorage.getItem('hr.language')).toBeNull();
    // A system in a language the app does not speak reads English.
    cleanup();
    Object.defineProperty(navigator, 'languages', { value: ['pt-BR'], configurable: true });
    render(
      <LanguageProvider>
        <Names />
      </LanguageProvider>,
    );
    expect(await screen.findByText('Leave · Approvals')).toBeTruthy();
  });
});
