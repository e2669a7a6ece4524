// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import german from '../../src-shared/i18n/compiled/de.json';
import { NumberField, type TypedNumber } from '../../src-renderer/components/ui';

afterEach(cleanup);

function Days({ seen }: { seen: TypedNumber[] }) {
  const [value, setValue] = useState<TypedNumber>(2.5);
  return (
    <NumberField
      label="Tage"
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

describe('a number field on a German page', () => {
  it('shows a number as Germans write it and reads back what they type, grouped or not', async () => {
    const seen: TypedNumber[] = [];
    render(
      <IntlProvider locale="de" messages={german as unknown as Record<string, MessageFormatElement[]>}>
        <Days seen={seen} />
      </IntlProvider>,
    );
    const field = screen.getByRole('textbox', { name: 'Tage' });
    expect((field as HTMLInputElement).value).toBe('2,5');
    await userEvent.clear(field);
    await userEvent.type(field, '1.250,5');
    expect(seen.at(-1)).toBe(1250.5);
    await userEvent.clear(field);
    await userEvent.type(field, '3,75');
    expect(seen.at(-1)).toBe(3.75);
    await userEvent.keyboard('{ArrowUp}');
    expect(seen.at(-1)).toBe(4.75);
    expect((field as HTMLInputElement).value).toBe('4,75');
  });
});
