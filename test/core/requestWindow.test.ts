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

  it('refuses a window without room', () => {
    expect(() => new RequestWindow(0)).toThrow(RangeError);
  });
});
