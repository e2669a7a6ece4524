import { newId } from '../db/ids';

/** A seeded generator (mulberry32): the demo data is the same on every run for the same day. */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A UUID-shaped id drawn from the sequence, so ids are stable too. */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  /**
   * The id the service would have given a record made at `made` (version 7, its time first), with
   * random bits drawn from the sequence; `uuid` when they were drawn earlier, to keep the order.
   */
  idAt(made: string, uuid: string = this.uuid()): string {
    return newId(Date.parse(made), uuid);
  }

  bytes(n: number): Buffer {
    return Buffer.from(Array.from({ length: n }, () => Math.floor(this.next() * 256)));
  }
}
