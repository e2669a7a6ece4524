import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { PageDecoder } from '../../src-main/core/sync/pageDecoder';
import { decodePage } from '../../src-main/core/sync/pageDecoding';
import { trainingRecord } from '../support/records';

const decoders: PageDecoder[] = [];
afterEach(() => {
  for (const d of decoders.splice(0)) d.close();
});
function decoderOf(...args: ConstructorParameters<typeof PageDecoder>): PageDecoder {
  const decoder = new PageDecoder(...args);
  decoders.push(decoder);
  return decoder;
}

const pageOf = (records: unknown[], totalPages = 7) =>
  JSON.stringify({ data: records, meta: { page: 1, pageSize: 500, total: 3000, totalPages } });

const trainings = [
  trainingRecord({ id: 't1', name: 'First aid', cost: 120.5, hours: 8 }),
  trainingRecord({ id: 't2', name: 'Fire warden', expiryDate: '2027-03-02T00:00:00.000Z', status: 'COMPLETED' }),
  // A field this app does not know: left out of what is stored.
  { ...trainingRecord({ id: 't3', version: 4 }), extra: 'not ours' },
];

describe('the page decoder', () => {
  it('decodes on its thread into the rows the cache stores: index columns, JSON, ids in order', async () => {
    const decoder = decoderOf();
    const page = await decoder.decode('trainings', pageOf(trainings));
    expect(decoder.threaded).toBe(true);
    expect(page.totalPages).toBe(7);
    expect(page.rows.map((r) => r.id)).toEqual(['t1', 't2', 't3']);
    // user_id, name, status, start_date, end_date, expiry_date, cost, hours, created_at
    expect(page.rows[1]!.values).toEqual([
      'u1',
      'Fire warden',
      'COMPLETED',
      '2026-03-02T09:00:00.000Z',
      null,
      '2027-03-02T00:00:00.000Z',
      null,
      1,
      '2026-03-02T09:00:00.000Z',
    ]);
    expect(JSON.parse(page.rows[0]!.json)).toEqual(trainings[0]);
    // Checked by the wire schema, which drops what it does not know.
    expect(JSON.parse(page.rows[2]!.json)).toEqual(trainingRecord({ id: 't3', version: 4 }));
    expect(page).toEqual(decodePage('trainings', pageOf(trainings)));
  });

  it('refuses a page with a record the wire schema does not accept, naming the field', async () => {
    const bad = pageOf([trainingRecord({ id: 't1' }), { ...trainingRecord({ id: 't2' }), startDate: 'yesterday' }]);
    await expect(decoderOf().decode('trainings', bad)).rejects.toThrow(/startDate/);
    expect(() => decodePage('trainings', bad)).toThrow(/startDate/);
    await expect(decoderOf().decode('users', pageOf([{ id: 'u1' }]))).rejects.toThrow(/email/);
    await expect(decoderOf().decode('trainings', '<html>Bad gateway</html>')).rejects.toThrow(
      /shape this app does not know/,
    );
  });

  it('answers pages in any order they are asked, each with its own rows', async () => {
    const decoder = decoderOf();
    const pages = Array.from({ length: 12 }, (_, p) =>
      pageOf(Array.from({ length: 50 }, (_, i) => trainingRecord({ id: `p${p}-${i}`, name: `Course ${p}.${i}` }))),
    );
    const decoded = await Promise.all(pages.map((text) => decoder.decode('trainings', text)));
    decoded.forEach((page, p) =>
      expect(page.rows.map((r) => r.id)).toEqual(Array.from({ length: 50 }, (_, i) => `p${p}-${i}`)),
    );
  });

  it('decodes here what was on a thread that stopped, and everything after', async () => {
    // A thread that answers nothing and ends after its second page.
    const dying = () =>
      new Worker(
        `const { parentPort } = require('node:worker_threads');
         let n = 0;
         parentPort.on('message', () => { if (++n === 2) process.exit(1); });`,
        { eval: true },
      );
    const decoder = decoderOf({ startThread: dying });
    const first = decoder.decode('trainings', pageOf(trainings.slice(0, 1)));
    const second = decoder.decode('trainings', pageOf(trainings.slice(1, 2)));
    expect((await first).rows.map((r) => r.id)).toEqual(['t1']);
    expect((await second).rows.map((r) => r.id)).toEqual(['t2']);
    expect(decoder.threaded).toBe(false);
    expect((await decoder.decode('trainings', pageOf(trainings))).rows).toHaveLength(3);
  });

  it('decodes here when no thread can start', async () => {
    const decoder = decoderOf({
      startThread: () => {
        throw new Error('no threads here');
      },
    });
    const page = await decoder.decode('trainings', pageOf(trainings));
    expect(decoder.threaded).toBe(false);
    expect(page).toEqual(decodePage('trainings', pageOf(trainings)));
  });

  it('refuses what is still on the thread once closed', async () => {
    const silent = () =>
      new Worker(`require('node:worker_threads').parentPort.on('message', () => {});`, { eval: true });
    const decoder = decoderOf({ startThread: silent });
    const pending = decoder.decode('trainings', pageOf(trainings));
    decoder.close();
    await expect(pending).rejects.toThrow(/closing/);
  });
});
