/** A GET answer as sent: its body, encoded once, and the headers that describe it. */
export interface CachedResponse {
  payload: Buffer;
  headers: Record<string, string>;
}

/** Headers of a GET answer that belong to its body (length and date are the server's to set). */
export const CACHED_HEADERS = ['content-type', 'content-disposition', 'content-language', 'vary', 'etag'] as const;

/**
 * Answers of signed-in GETs by the counter part of their ETag (which names the organization's
 * state, the caller, the URL and the day), least recently used first out, bounded by size. That
 * part is what an early 304 already trusts, so a body found under it is the body the route would
 * build.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(tag: string): CachedResponse | undefined {
    const hit = this.entries.get(tag);
    if (hit) {
      // Move to the young end.
      this.entries.delete(tag);
      this.entries.set(tag, hit);
    }
    return hit;
  }

  set(tag: string, response: CachedResponse): void {
    const size = response.payload.byteLength;
    if (size > this.maxBytes / 8 || this.entries.has(tag)) return;
    this.entries.set(tag, response);
    this.bytes += size;
    for (const [oldTag, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldTag);
      this.bytes -= old.payload.byteLength;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
