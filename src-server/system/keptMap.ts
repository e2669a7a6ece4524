/**
 * A Map that keeps at most `limit` entries: a new key set while it is full drops the key set
 * longest ago (a Map iterates in insertion order). Delete a key before setting it again to count
 * it as new. For what the service keeps in memory to skip repeated work.
 */
export class KeptMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.limit && !this.has(key)) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }
}
