import { randomUUID } from 'node:crypto';

/** Record ids are opaque strings; a UUID keeps them unguessable across organizations. */
export function newId(): string {
  return randomUUID();
}
