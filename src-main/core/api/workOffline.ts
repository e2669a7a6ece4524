import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * "Work offline": while on, no request leaves this computer (no sync, no probe, no sign-in); the
 * app answers from its cache and queues changes. Remembered across restarts, as a mail client's is.
 */
export class WorkOffline {
  private value: boolean;

  /** `file`: where the choice is kept (JSON beside the accounts); null keeps it in memory. */
  constructor(private readonly file: string | null) {
    this.value = file ? readChoice(file) : false;
  }

  get on(): boolean {
    return this.value;
  }

  set(on: boolean): void {
    this.value = on;
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, `${JSON.stringify({ workOffline: on })}\n`);
  }
}

function readChoice(file: string): boolean {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { workOffline?: unknown }).workOffline === true;
  } catch {
    return false;
  }
}
