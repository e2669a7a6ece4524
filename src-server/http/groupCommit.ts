import type { FastifyInstance } from 'fastify';
import { isMutating } from './methods';
import { defineMessage } from '@formatjs/intl';
import { HttpProblem, ref } from './problem';

const NOT_SAVED = defineMessage({
  id: 'service.commit.notSaved',
  defaultMessage: 'The service could not save its changes just now; nothing was kept. Try again.',
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The first group-commit batch that may hold what this request wrote or read (db/engine/groupCommit.ts). */
    commitMark: number;
    /** Set once the request was told its batch was lost, so the 503 itself is not held back. */
    commitLost: boolean;
  }
}

/**
 * Writes join the batch of their turn once the body is read (preValidation, before the
 * idempotency key is taken), and every answer waits for the batch open when it is sent.
 * Register before the other hooks: the mark comes before anything is read, and the wait before
 * any onSend hook keeps an answer (the response cache) that a lost batch would make untrue.
 */
export function registerGroupCommit(app: FastifyInstance): void {
  const commits = app.hr.commits;
  app.decorateRequest('commitMark', 0);
  app.decorateRequest('commitLost', false);
  commits.onLost((cause) => app.log.error({ err: cause }, 'a batch of writes was not committed; its requests get 503'));
  app.addHook('onRequest', async (request) => {
    request.commitMark = commits.mark();
  });
  app.addHook('preValidation', async (request) => {
    if (isMutating(request.method)) commits.join();
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.commitLost || (await commits.settled(request.commitMark))) return payload;
    request.commitLost = true;
    throw new HttpProblem(503, ref(NOT_SAVED), {
      headers: { 'retry-after': '1' },
    });
  });
}
