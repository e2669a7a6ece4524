import { describe, expect, it } from 'vitest';
import { RequestWindow } from '../../src-main/core/sync/requestWindow';

describe('the request window', () => {
  it('lets in as many as it holds, then each in the order it came as places are given back', async () => {
    const window = new RequestWindow(2);
    const order: string[] = [];
    const first = await window.enter();
    const second = await window.enter();
    const third = window.enter().then((leave) => (order.push('third'), leave));
    const fourth = window.enter().then((leave) => (order.push('fourth'), leave));
    await Promise.resolve();
    expect(order).toEqual([]);
    first();
    // Given back twice, a place still counts once: the fourth still waits.
    first();
    const leaveThird = await third;
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['third']);
    second();
    const leaveFourth = await fourth;
    expect(order).toEqual(['third', 'fourth']);
    leaveThird();
    leaveFourth();
    // Both places free again: two enter without waiting.
    await window.enter();
    await window.enter();
  });

  it('once closed, fails those waiting and those still to come with its reason, and lets the rest end', async () => {
    const window = new RequestWindow(1);
    const inside = await window.enter();
    const waiting = window.enter();
    const gone = new Error('the service went away');
    window.close(gone);
    window.close(new Error('a later failure'));
    await expect(waiting).rejects.toBe(gone);
    await expect(window.enter()).rejects.toBe(gone);
    await expect(window.around(async () => 'sent')).rejects.toBe(gone);
    // The request already under way gives its place back as before.
    expect(() => inside()).not.toThrow();
    await expect(window.enter()).rejects.toBe(gone);
  });

  it('refuses a window without room', () => {
    expect(() => new RequestWindow(0)).toThrow(RangeError);
  });
});
