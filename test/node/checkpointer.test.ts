import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3-multiple-ciphers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Checkpointer, type CheckpointResult } from '../../src-node/sqlite/checkpointer';
import { openDatabase, type Db } from '../../src-server/db/open';

const dirs: string[] = [];
function freshDatabase(): { db: Db; path: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hr-checkpoint-'));
  dirs.push(dir);
  const path = join(dir, 'service.sqlite');
  return { db: openDatabase(path), path };
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** 4 KB of text per row, one transaction per row: a page or more of log per commit. */
function writeRows(db: Db, from: number, count: number) {
  const insert = db.prepare('INSERT INTO ballast (n, text) VALUES (?, ?)');
  for (let n = from; n < from + count; n++) db.transaction(() => insert.run(n, 'x'.repeat(4096)))();
}

describe('the write-ahead log is copied back on a thread of its own', () => {
  it('keeps the log small while the connection never checkpoints inside a commit', async () => {
    const { db, path } = freshDatabase();
    db.exec('CREATE TABLE ballast (n INTEGER PRIMARY KEY, text TEXT)');
    const results: CheckpointResult[] = [];
    const checkpointer = new Checkpointer(db, path, { intervalMs: 10, onCheckpoint: (r) => results.push(r) });
    try {
      // The connection leaves checkpoints to the thread until the log is far longer than SQLite's 1,000 pages.
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBeGreaterThan(10_000);
      let largestLog = 0;
      for (let round = 0; round < 12; round++) {
        writeRows(db, round * 1_000, 1_000); // ~1,100 pages a round: ~13,000 pages (~54 MB) in all
        const copied = results.length;
        // Until the thread has copied the whole round (a partial copy, on a busy machine, would let
        // the next round append to this log rather than start it over). The first answer after the
        // round may be of a copy asked for before it ended, made while rows were still being
        // written: only one asked for afterwards counts (one copy is asked for at a time).
        await expect
          .poll(() => results.slice(copied + 1).some((r) => r.log > 0 && r.checkpointed === r.log), {
            timeout: 5_000,
          })
          .toBe(true);
        largestLog = Math.max(largestLog, statSync(`${path}-wal`).size);
      }
      // With no checkpoints the log would hold every page written (~54 MB); the thread's copies
      // let each round's writes start the log over.
      expect(db.pragma('page_count', { simple: true })).toBeGreaterThan(12_000);
      expect(largestLog).toBeLessThan(16 * 1024 * 1024);
      expect(results.some((r) => r.checkpointed >= 1_000)).toBe(true);
    } finally {
      await checkpointer.close();
    }
    // Everything written is in the database, read by another connection.
    expect(db.prepare('SELECT count(*) AS n FROM ballast').get()).toEqual({ n: 12_000 });
    db.close();
    const reader = new Database(path, { readonly: true });
    expect(reader.prepare('SELECT max(n) AS n FROM ballast').get()).toEqual({ n: 11_999 });
    reader.close();
  });

  it("closes the thread's connection before closing returns, so the files can go at once", async () => {
    const { db, path } = freshDatabase();
    db.exec('CREATE TABLE ballast (n INTEGER PRIMARY KEY, text TEXT)');
    const results: CheckpointResult[] = [];
    const checkpointer = new Checkpointer(db, path, { intervalMs: 10, onCheckpoint: (r) => results.push(r) });
    writeRows(db, 0, 50);
    // The thread has opened the log by now (a connection touches the files only once it reads).
    await expect.poll(() => results.some((r) => r.log > 0), { timeout: 5_000 }).toBe(true);
    checkpointer.closeNow();
    // Were the thread still connected, this would not be the last connection, and the log would stay.
    db.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(existsSync(`${path}-shm`)).toBe(false);
  });

  it('still closes where the main thread may not block', async () => {
    const { db, path } = freshDatabase();
    const checkpointer = new Checkpointer(db, path, { intervalMs: 10 });
    const wait = vi.spyOn(Atomics, 'wait').mockImplementation(() => {
      throw new TypeError('Atomics.wait cannot be called in this context');
    });
    try {
      expect(() => checkpointer.closeNow()).not.toThrow();
      expect(wait).toHaveBeenCalled();
    } finally {
      wait.mockRestore();
    }
    // The connection checkpoints for itself again.
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    await checkpointer.close();
    db.close();
  });

  it('hands checkpoints back to the connection when the thread cannot run', async () => {
    const { db, path } = freshDatabase();
    const failure = new Promise<Error>((resolve) => {
      const checkpointer = new Checkpointer(db, path, {
        driver: join(tmpdir(), 'no-such-driver.js'),
        onFailure: (error) => {
          resolve(error);
          void checkpointer.close();
        },
      });
    });
    expect((await failure).message).toMatch(/no-such-driver/);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    db.close();
  });
});
