import { percentile, timed, type Figure } from '../benchKit';
import type { BenchPart } from '../context';

export const balancesPart: BenchPart = {
  name: 'balances',
  about: 'leave balances computed from the cache: everyone of the organization, and one person',
  async run(ctx) {
    const { h } = ctx;
    const add = (f: Figure) => ctx.add(f);
    const account = await ctx.synced();
    const first = await h['leave.balanceList']({});
    const people = first.people.length;
    const times: number[] = [];
    for (let i = 0; i < 30; i++) times.push((await timed(() => h['leave.balanceList']({}))).ms);
    const p95 = percentile(times, 95);
    // Five times the people (BENCH_SCALE=10000) are given twice the time.
    const limit = ctx.scale >= 10_000 ? 200 : 100;
    add({
      part: 'balances',
      name: `balances of everyone (${people} people) for the leave year, from the cache, p95 (p50 ${percentile(times, 50).toFixed(1)})`,
      value: p95,
      unit: 'ms',
      target: `≤ ${limit} ms`,
      met: p95 <= limit,
    });
    // One person's sheet with its ledger, as My leave and a person's balance read it.
    const one: number[] = [];
    for (let i = 0; i < 200; i++)
      one.push((await timed(() => h['leave.balances']({ userId: account.summary.userId }))).ms);
    const p95One = percentile(one, 95);
    add({
      part: 'balances',
      name: `one person's balances and ledger, p95 (p50 ${percentile(one, 50).toFixed(2)})`,
      value: p95One,
      unit: 'ms',
      target: '≤ 5 ms',
      met: p95One <= 5,
    });
  },
};
