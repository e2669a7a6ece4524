import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { decodePage, type DecodedPage, type PageKind } from './pageDecoding';

export interface DecodeRequest {
  id: number;
  kind: PageKind;
  text: string;
}

export type DecodeAnswer = { id: number; page: DecodedPage } | { id: number; error: string };

interface Waiting {
  kind: PageKind;
  text: string;
  resolve(page: DecodedPage): void;
  reject(error: Error): void;
}

/**
 * Decodes the pages of a pull (JSON parsed, records checked, serialized: decodePage) on a thread
 * of its own, so the backend's thread only stores rows while the next pages are decoded: about a
 * fifth of a first sync's processor time on the backend's thread. Should the thread not start or
 * stop working, pages are decoded here instead: slower, never wrong.
 */
export interface PageDecoderOptions {
  /** Starts the thread (default: decodeWorker, built or from source). */
  startThread?: () => Worker;
}

export class PageDecoder {
  private worker: Worker | null = null;
  private failed = false;
  private nextId = 0;
  private readonly waiting = new Map<number, Waiting>();

  constructor(private readonly options: PageDecoderOptions = {}) {}

  decode(kind: PageKind, text: string): Promise<DecodedPage> {
    const worker = this.thread();
    if (!worker) return Promise.resolve().then(() => decodePage(kind, text));
    const id = ++this.nextId;
    return new Promise<DecodedPage>((resolve, reject) => {
      this.waiting.set(id, { kind, text, resolve, reject });
      // Kept alive while a page is on the thread; idle, the thread holds nothing open.
      if (this.waiting.size === 1) worker.ref();
      worker.postMessage({ id, kind, text } satisfies DecodeRequest);
    });
  }

  /** Whether pages go to the thread (false once it failed: they are decoded on this one). */
  get threaded(): boolean {
    return this.thread() !== null;
  }

  close(): void {
    const worker = this.worker;
    this.worker = null;
    this.failed = true;
    this.abandon(new Error('The app is closing'));
    void worker?.terminate();
  }

  private thread(): Worker | null {
    if (this.worker || this.failed) return this.worker;
    try {
      this.worker = (this.options.startThread ?? startThread)();
    } catch {
      this.failed = true;
      return null;
    }
    this.worker.unref();
    this.worker.on('message', (answer: DecodeAnswer) => {
      const waiting = this.waiting.get(answer.id);
      if (!waiting) return;
      this.waiting.delete(answer.id);
      if (this.waiting.size === 0) this.worker?.unref();
      if ('page' in answer) waiting.resolve(answer.page);
      else waiting.reject(new Error(answer.error));
    });
    // The thread is gone: what it held is decoded here, as is everything after.
    const lost = () => {
      this.worker = null;
      this.failed = true;
      this.abandon(null);
    };
    this.worker.on('error', lost);
    this.worker.on('exit', lost);
    return this.worker;
  }

  /** Pages left on a thread that went away: decoded here (or refused, when closing). */
  private abandon(reason: Error | null): void {
    const left = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of left) {
      if (reason) {
        w.reject(reason);
        continue;
      }
      try {
        w.resolve(decodePage(w.kind, w.text));
      } catch (error) {
        w.reject(error as Error);
      }
    }
  }
}

/**
 * The built thread (out/main/decodeWorker.js, beside the bundle), or from source under tsx when
 * the app runs from its TypeScript (tests, the web host, the benchmarks).
 */
function startThread(): Worker {
  const built = join(__dirname, 'decodeWorker.js');
  if (existsSync(built)) return new Worker(built);
  const source = join(__dirname, 'decodeWorker.ts');
  return new Worker(`require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(source)});`, {
    eval: true,
  });
}
