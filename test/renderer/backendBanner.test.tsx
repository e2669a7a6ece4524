// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BackendBanner } from '../../src-renderer/app/BackendBanner';
import { BridgeProvider } from '../../src-renderer/state/bridgeContext';
import { fakeBridge } from './fakeBridge';
import { InEnglish } from './inEnglish';

afterEach(cleanup);

describe('the backend’s process, as the window shows it', () => {
  it('says it is reconnecting while the backend starts again, and what to do when it gave up', () => {
    const fake = fakeBridge({});
    render(
      <InEnglish>
        <BridgeProvider bridge={fake.bridge}>
          <BackendBanner />
        </BridgeProvider>
      </InEnglish>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    act(() => fake.emit('backend.status', { state: 'reconnecting' }));
    expect(screen.getByRole('status').textContent).toBe('Reconnecting to the local data…');
    act(() => fake.emit('backend.status', { state: 'ready' }));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => fake.emit('backend.status', { state: 'failed' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^The local data keeps stopping: quit HR Offline/);
  });
});
