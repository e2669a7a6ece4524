// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageProvider } from '../../src-renderer/i18n/LanguageProvider';
import { VIEW_MESSAGES } from '../../src-renderer/i18n/viewMessages';

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

  it('stays English for a system in a language whose catalog is not whole yet', () => {
    Object.defineProperty(navigator, 'languages', { value: ['de-DE', 'de'], configurable: true });
    render(
      <LanguageProvider>
        <Names />
      </LanguageProvider>,
    );
    expect(screen.getByText('Leave · Approvals')).toBeTruthy();
  });
});
