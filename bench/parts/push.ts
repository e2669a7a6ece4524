import { pushOutbox } from '../../src-main/core/sync/push';
import { timed, type Figure } from '../benchKit';
import { realFetch, type BenchPart } from '../context';

export const pushPart: BenchPart = {
  name: 'push',
  about: '1,000 queued changes pushed, against the same requests sent directly',
  async run(ctx) {
    const { h, service, admin } = ctx;
    const add = (f: Figure) => ctx.add(f);
    await ctx.synced();
    const backend = ctx.backend;
    // Pushing 1,000 queued changes, against the same requests sent directly.
    const refs = await h['trainings.references'](undefined);
    const bodies = Array.from({ length: 1000 }, (_, i) => ({
      name: `bench ${i}`,
      typeId: refs.types[0]!.id,
      categoryId: refs.categories[0]!.id,
      startDate: '2031-01-01',
      hours: i % 40,
    }));
    for (const body of bodies) await h['trainings.create'](body);
    const account = backend.account!;
    const pushed = await timed(() =>
      pushOutbox({ db: account.db, client: account.client, actor: account.actor, now: () => new Date() }),
    );
    const direct = await timed(async () => {
      for (const [i, body] of bodies.entries()) {
        await (
          await realFetch(`${service.url}/api/trainings`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${admin}`,
              'content-type': 'application/json',
              'idempotency-key': `direct-${i}`,
            },
            body: JSON.stringify({ ...body, name: `direct ${i}` }),
          })
        ).text();
      }
    });
    const left = (account.db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n;
    const pushRate = pushed.result.sent / (pushed.ms / 1000);
    const directRate = 1000 / (direct.ms / 1000);
    add({
      part: 'push',
      name: `push of 1,000 queued changes (${pushed.result.sent} sent, ${pushed.result.conflicts} refused, ${left} left${pushed.result.stoppedBy ? `, stopped: ${pushed.result.stoppedBy.message.slice(0, 60)}` : ''})`,
      value: pushRate,
      unit: 'ops/s',
      limit: directRate,
      ratio: pushRate / directRate,
      target: '≥ 0.8× direct',
      met: pushRate / directRate >= 0.8,
    });
  },
};
