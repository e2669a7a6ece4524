// The service's event stream (GET /api/events) read as a client reads it, for the tests.

export interface Heard {
  id: string;
  lists: string[];
  counter: number;
}

/** An open stream of the service at `url`: the events and comment lines heard so far, whether it ended, and how to end it. */
export async function listenTo(url: string, token: string, lastEventId?: string) {
  const abort = new AbortController();
  const res = await fetch(`${url}/api/events`, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: abort.signal,
  });
  const heard: Heard[] = [];
  const comments: string[] = [];
  let ended = false;
  const reading = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((l) => !l.startsWith(':'))
              .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
          );
          if (block.startsWith(':')) comments.push(block);
          if (fields.event === 'changed') {
            const data = JSON.parse(fields.data!) as { lists: string[]; counter: number };
            heard.push({ id: fields.id!, ...data });
          }
        }
      }
    } catch {
      // Aborted by the test.
    }
    ended = true;
  })();
  return {
    res,
    heard,
    comments,
    ended: () => ended,
    close: async () => {
      abort.abort();
      await reading;
    },
  };
}
