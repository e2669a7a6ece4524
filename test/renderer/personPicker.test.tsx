// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppArgs } from '../../src-shared/appApi';
import type { User } from '../../src-shared/wire';
import { PersonPicker } from '../../src-renderer/features/people';
import { BridgeProvider } from '../../src-renderer/state/bridgeContext';
import { fakeBridge } from './fakeBridge';
import { InEnglish } from './inEnglish';

afterEach(cleanup);

// An organization of 700 people, the last of them far past the first 500 by name.
const people: User[] = Array.from({ length: 700 }, (_, i) => {
  const n = String(i).padStart(3, '0');
  return {
    id: `u${n}`,
    email: `p${n}@acme.test`,
    firstName: 'Person',
    lastName: `N${n}`,
    organizationId: 'o',
    departmentId: null,
    managerId: i % 100 === 7 ? 'boss' : null,
    nationality: 'GB',
    roles: ['USER'],
    startDate: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
  } as User;
});

function directory() {
  return fakeBridge({
    'users.list': ({ search, managerId, pageSize = 20 }: AppArgs<'users.list'>) => {
      const found = people.filter(
        (u) =>
          (!search || `${u.firstName} ${u.lastName}`.toLowerCase().includes(search.toLowerCase())) &&
          (!managerId || u.managerId === managerId),
      );
      return {
        data: found.slice(0, pageSize),
        meta: { page: 1, pageSize, total: found.length, totalPages: Math.ceil(found.length / pageSize) },
      };
    },
    'users.names': () => Object.fromEntries(people.map((u) => [u.id, `${u.firstName} ${u.lastName}`])),
  });
}

function Picker({ managerId, hintMore }: { managerId?: string; hintMore?: boolean }) {
  const [value, setValue] = useState('all');
  return (
    <>
      <PersonPicker
        label="Person"
        leading={[{ id: 'all', name: 'Everyone' }]}
        value={value}
        onChange={setValue}
        {...(managerId ? { managerId } : {})}
        {...(hintMore === undefined ? {} : { hintMore })}
      />
      <output aria-label="chosen">{value}</output>
    </>
  );
}

describe('the person picker', () => {
  it('finds anyone in the directory by typing, past the first people listed, and keeps their name once chosen', async () => {
    const fake = directory();
    render(
      <InEnglish>
        <BridgeProvider bridge={fake.bridge}>
          <Picker />
        </BridgeProvider>
      </InEnglish>,
    );
    const field = screen.getByRole('combobox', { name: 'Person' });
    await waitFor(() => expect(screen.getByText(/Type a name to find someone not listed/)).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: /Show choices/ }));
    // Everyone, then the first 50 by name.
    expect(screen.getAllByRole('option')).toHaveLength(51);
    expect(screen.queryByRole('option', { name: 'Person N650' })).toBeNull();
    await userEvent.clear(field);
    await userEvent.type(field, 'N650');
    const option = await screen.findByRole('option', { name: 'Person N650' });
    await userEvent.click(option);
    expect(screen.getByRole('status', { name: 'chosen' }).textContent).toBe('u650');
    expect((field as HTMLInputElement).value).toBe('Person N650');
    const searches = fake.calls.filter((c) => c.name === 'users.list').map((c) => c.args as AppArgs<'users.list'>);
    expect(searches.some((a) => a.search === 'N650' && a.pageSize === 50)).toBe(true);
    // The field showing the chosen name is not searched for.
    expect(searches.at(-1)?.search).toBeUndefined();
  });

  it('lists only a manager’s direct reports when told whose team it is', async () => {
    const fake = directory();
    render(
      <InEnglish>
        <BridgeProvider bridge={fake.bridge}>
          <Picker managerId="boss" />
        </BridgeProvider>
      </InEnglish>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Show choices/ }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1 + 7));
    expect(screen.getByRole('option', { name: 'Person N607' })).toBeTruthy();
  });

  it('says nothing under the field in a filter bar, where the fields line up on their inputs', async () => {
    const fake = directory();
    render(
      <InEnglish>
        <BridgeProvider bridge={fake.bridge}>
          <Picker hintMore={false} />
        </BridgeProvider>
      </InEnglish>,
    );
    await waitFor(() => expect(fake.count('users.list')).toBeGreaterThan(0));
    await userEvent.click(screen.getByRole('button', { name: /Show choices/ }));
    expect(screen.getAllByRole('option')).toHaveLength(51);
    expect(screen.queryByText(/Type a name to find someone not listed/)).toBeNull();
  });
});
