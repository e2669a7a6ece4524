// `npm run bench [-- part …]`: the parts named (all when none), in this order, against one service
// seeded at BENCH_SCALE (2000), each figure beside its limit; the table printed and written to
// bench/results.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, withLimit } from './benchKit';
import { BenchContext, type BenchPart } from './context';
import { approvalsPart } from './parts/approvals';
import { balancesPart } from './parts/balances';
import { calendarPart } from './parts/calendar';
import { formsPart } from './parts/forms';
import { livePart } from './parts/live';
import { peoplePart } from './parts/people';
import { postgresPart } from './parts/postgres';
import { processPart } from './parts/process';
import { pushPart } from './parts/push';
import { readsPart } from './parts/reads';
import { servicePart } from './parts/service';
import { startupPart } from './parts/startup';
import { syncPart } from './parts/sync';
import { trainingsPart } from './parts/trainings';

/** In the order they run: the sync part first measures what later parts read. */
const PARTS: readonly BenchPart[] = [
  syncPart,
  pushPart,
  readsPart,
  balancesPart,
  calendarPart,
  approvalsPart,
  formsPart,
  trainingsPart,
  peoplePart,
  servicePart,
  postgresPart,
  processPart,
  startupPart,
  livePart,
];

function chosen(names: string[]): BenchPart[] {
  const unknown = names.filter((n) => !PARTS.some((p) => p.name === n));
  if (unknown.length) {
    const list = PARTS.map((p) => `  ${p.name.padEnd(10)} ${p.about}`).join('\n');
    throw new Error(`No part named ${unknown.join(', ')}. The parts:\n${list}`);
  }
  return names.length ? PARTS.filter((p) => names.includes(p.name)) : [...PARTS];
}

/** A part that takes longer is stopped there, named, and the run goes on with the next. */
const PART_LIMIT_MS = 15 * 60_000;

async function main() {
  const began = Date.now();
  const parts = chosen(process.argv.slice(2));
  const ctx = await BenchContext.start(Number(process.env.BENCH_SCALE ?? 2000));
  const failed: string[] = [];
  try {
    for (const part of parts) {
      process.stdout.write(`\n${part.name}: ${part.about}\n`);
      try {
        await withLimit(part.run(ctx), PART_LIMIT_MS, `the ${part.name} part`);
      } catch (error) {
        failed.push(part.name);
        process.stdout.write(`  ${part.name} could not be measured: ${(error as Error).message}\n`);
      }
    }
  } finally {
    await ctx.close();
  }
  mkdirSync(join(ROOT, 'bench'), { recursive: true });
  // The default scale's figures in results.json; another scale's beside them.
  const file = join('bench', ctx.scale === 2000 ? 'results.json' : `results-${ctx.scale}.json`);
  writeFileSync(
    join(ROOT, file),
    JSON.stringify(
      { at: new Date().toISOString(), scale: ctx.scale, parts: parts.map((p) => p.name), figures: ctx.figures },
      null,
      2,
    ),
  );
  const targets = ctx.figures.filter((f) => !f.info);
  process.stdout.write(
    `\n${targets.filter((f) => f.met).length} of ${targets.length} targets met; figures in ${file}\n`,
  );
  const seconds = Math.round((Date.now() - began) / 1000);
  process.stdout.write(`The run took ${Math.floor(seconds / 60)} min ${seconds % 60} s.\n`);
  if (failed.length) throw new Error(`parts not measured: ${failed.join(', ')}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
