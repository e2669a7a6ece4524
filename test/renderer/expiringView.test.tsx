// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExpiringItem } from '../../src-shared/records/trainingExpiry';
import { ExpiringView } from '../../src-renderer/features/trainings/ExpiringView';
import { BridgeProvider } from '../../src-renderer/state/bridgeContext';
import { fakeBridge } from './fakeBridge';
import { InEnglish } from './inEnglish';

afterEach(cleanup);

const item = (n: number, daysLeft: number): ExpiringItem => ({
  trainingId: `t${n}`,
  userId: `u${n}`,
  name: `Course ${n}`,
  person: `Person ${String(n).padStart(3, '0')}`,
  department: 'Engineering',
  expiryDate: '2027-01-01',
  daysLeft,
});

describe('the Expiring view', () => {
  it('is sent the first rows of a long list and the rest of its department on asking, the button keeping focus', async () => {
    const expiring = Array.from({ length: 240 }, (_, n) => item(n, 5));
    const lapsed = [item(900, -3), item(901, -40)];
    // As the backend answers: the first rows of each list but the departments asked whole.
    const fake = fakeBridge({
      'trainings.expiring': (q) => ({
        groups: [
          {
            department: 'Engineering',
            expiring:
              q?.shown === undefined || q.whole?.includes('Engineering') ? expiring : expiring.slice(0, q.shown),
            lapsed,
            expiringCount: 240,
            lapsedCount: 2,
          },
        ],
        expiring: 240,
        lapsed: 2,
      }),
    });
    render(
      <InEnglish>
        <BridgeProvider bridge={fake.bridge}>
          <ExpiringView />
        </BridgeProvider>
      </InEnglish>,
    );
    const group = await screen.findByRole('region', { name: 'Engineering' });
    const [soon, gone] = within(group).getAllByRole('table');
    expect(within(soon!).getAllByRole('row')).toHaveLength(1 + 10);
    expect(within(gone!).getAllByRole('row')).toHaveLength(1 + 2);
    expect(within(group).getByText('10 of 240 shown')).toBeTruthy();
    const more = within(group).getByRole('button', { name: 'Show all 240 expiring in Engineering' });
    await userEvent.click(more);
    await waitFor(() => expect(within(soon!).getAllByRole('row')).toHaveLength(1 + 240));
    // Only the first rows came at first; the rest when asked, for that department.
    const asked = fake.calls.filter((c) => c.name === 'trainings.expiring').map((c) => c.args);
    expect(asked[0]).toEqual({ shown: 10, whole: [] });
    expect(asked.at(-1)).toEqual({ shown: 10, whole: ['Engineering'] });
    const fewer = within(group).getByRole('button', { name: 'Show the first 10 expiring in Engineering' });
    expect(document.activeElement).toBe(fewer);
    await userEvent.click(fewer);
    expect(within(soon!).getAllByRole('row')).toHaveLength(1 + 10);
    // Two lapsed: no button for them.
    expect(within(group).queryByRole('button', { name: /lapsed/ })).toBeNull();
  });
});
