// The decoder thread (pageDecoder.ts starts it): pages in, rows out, in the order asked.
import { parentPort } from 'node:worker_threads';
import { decodePage } from './pageDecoding';
import type { DecodeAnswer, DecodeRequest } from './pageDecoder';

const port = parentPort;
if (!port) throw new Error('decodeWorker.ts runs as a worker thread');
port.on('message', ({ id, kind, text }: DecodeRequest) => {
  let answer: DecodeAnswer;
  try {
    answer = { id, page: decodePage(kind, text) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
