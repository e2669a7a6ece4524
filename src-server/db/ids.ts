import { randomUUID } from 'node:crypto';

/**
 * Record ids are opaque strings: a UUID (version 7) keeps them unguessable across organizations
 * (74 random bits) while its leading timestamp puts each new id at the end of its primary-key
 * index. A random (version 4) id lands on any page of that index, so every write of a batch
 * read and wrote a page of its own there. `random`: a version-4 UUID to take the random bits
 * from (the demo seed's are reproducible).
 */
export function newId(now = Date.now(), random: string = randomUUID()): string {
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}
