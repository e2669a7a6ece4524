// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountSummary, SyncStatus } from '../../src-shared/appApi';
import type { List, Leave } from '../../src-shared/wire';
import { BridgeError } from '../../src-renderer/bridge/bridge';
import { useAppStore } from '../../src-renderer/state/appStore';
import { BridgeProvider } from '../../src-renderer/state/bridgeContext';
import { useAppAction } from '../../src-renderer/state/useAppAction';
import { InEnglish } from './inEnglish';
import { useAppQuery } from '../../src-renderer/state/useAppQuery';
import { fakeBridge } from './fakeBridge';

afterEach(cleanup);

const account = (id: string): AccountSummary => ({
  id,
  serviceUrl: 'http://127.0.0.1:1',
  email: `${id}@acme.test`,
  name: id,
  organizationId: 'o',
  userId: `u-${id}`,
  roles: ['USER'],
  signedIn: true,
  lastSyncedAt: null,
});
const status: SyncStatus = {
  online: true,
  live: false,
  workingOffline: false,
  needsSignIn: false,
  accountClosed: null,
  phase: 'idle',
  progress: null,
  lastSyncedAt: null,
  pending: 0,
  conflicts: 0,
  lastError: null,
  storageProblem: null,
  notice: null,
};
const emptyList: List<Leave> = { data: [], meta: { page: 1, pageSize: 20, total: 0, totalPages: 0 } };

describe('the app store', () => {
  beforeEach(() => useAppStore.setState({ ready: false, account: null, accounts: [], sync: null, info: null }));

  it('follows sign-out with deletion: the account list is read again, without the deleted account', async () => {
    let kept = [account('alice'), account('bob')];
    const fake = fakeBridge({
      'app.info': () => ({
        demoServiceUrl: null,
        version: '1',
        workingOffline: false,
        protectedAtRest: true,
        language: 'en',
      }),
      'session.current': () => kept[0]!,
      'session.accounts': () => kept,
      'sync.status': () => status,
    });
    // Taken apart as a component takes it (the listener once relied on `this`).
    const { start } = useAppStore.getState();
    const stop = start(fake.bridge);
    await waitFor(() => expect(useAppStore.getState().ready).toBe(true));
    expect(useAppStore.getState().accounts.map((a) => a.id)).toEqual(['alice', 'bob']);

    kept = [account('bob')];
    act(() => fake.emit('session', null));
    await waitFor(() => expect(useAppStore.getState().accounts.map((a) => a.id)).toEqual(['bob']));
    expect(useAppStore.getState().account).toBeNull();
    expect(useAppStore.getState().sync).toBeNull();

    act(() => fake.emit('sync.status', { ...status, pending: 3 }));
    expect(useAppStore.getState().sync?.pending).toBe(3);
    stop();
    act(() => fake.emit('sync.status', { ...status, pending: 4 }));
    expect(useAppStore.getState().sync?.pending).toBe(3);
  });
});

function withBridge(bridge: ReturnType<typeof fakeBridge>['bridge']) {
  return ({ children }: { children: ReactNode }) => (
    <InEnglish>
      <BridgeProvider bridge={bridge}>{children}</BridgeProvider>
    </InEnglish>
  );
}

describe('useAppQuery', () => {
  it('reads again when a collection of its refresh rule changes, and only then', async () => {
    const fake = fakeBridge({ 'leave.mine': () => emptyList, 'forms.assigned': () => [] });
    const { result } = renderHook(
      () => [useAppQuery('leave.mine', { page: 1 }), useAppQuery('forms.assigned', undefined)],
      {
        wrapper: withBridge(fake.bridge),
      },
    );
    await waitFor(() => expect(result.current[0]!.data).toEqual(emptyList));
    expect(fake.count('leave.mine')).toBe(1);
    act(() => fake.emit('changed', { collections: ['trainings', 'notifications'] }));
    expect(fake.count('leave.mine')).toBe(1);
    expect(fake.count('forms.assigned')).toBe(1);
    act(() => fake.emit('changed', { collections: ['leave'] }));
    expect(fake.count('leave.mine')).toBe(2);
    // A form's answers waiting in the outbox change what "for me" shows.
    act(() => fake.emit('changed', { collections: ['outbox'] }));
    expect(fake.count('forms.assigned')).toBe(2);
    expect(fake.count('leave.mine')).toBe(2);
  });

  it('shows the error of a failed read in words, keeping the last answer', async () => {
    let fail = false;
    const fake = fakeBridge({
      'leave.mine': () => {
        if (fail) throw new BridgeError('OFFLINE', 'The service cannot be reached right now');
        return emptyList;
      },
    });
    const { result } = renderHook(() => useAppQuery('leave.mine', {}), { wrapper: withBridge(fake.bridge) });
    await waitFor(() => expect(result.current.data).toEqual(emptyList));
    fail = true;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.error).toBe('The service cannot be reached right now'));
    expect(result.current.data).toEqual(emptyList);
  });
});

describe('useAppAction', () => {
  it('is pending while it runs, then gives the error and each field’s message', async () => {
    let release: () => void = () => {};
    const fake = fakeBridge({
      'leave.create': () =>
        new Promise((_, reject) => {
          release = () =>
            reject(
              new BridgeError('INVALID_INPUT', 'The end date is before the start date', [
                { path: 'endDate', message: 'The end date is before the start date' },
              ]),
            );
        }),
    });
    const { result } = renderHook(() => useAppAction('leave.create'), { wrapper: withBridge(fake.bridge) });
    let answer: Promise<unknown> = Promise.resolve();
    act(() => {
      answer = result.current.run({ startDate: '2027-09-10', endDate: '2027-09-06', type: 'ANNUAL' });
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      release();
      expect(await answer).toBeUndefined();
    });
    expect(result.current.pending).toBe(false);
    expect(result.current.error).toBe('The end date is before the start date');
    expect(result.current.fieldErrors).toEqual({ endDate: 'The end date is before the start date' });
    act(() => result.current.reset());
    expect(result.current.error).toBeNull();
    expect(result.current.fieldErrors).toEqual({});
  });
});
