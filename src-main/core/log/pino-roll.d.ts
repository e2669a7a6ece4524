// pino-roll ships no types: the part of its API the app uses.
declare module 'pino-roll' {
  import type SonicBoom from 'sonic-boom';
  interface PinoRollOptions {
    file: string;
    size?: string | number;
    frequency?: 'daily' | 'hourly' | number;
    extension?: string;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    mkdir?: boolean;
    sync?: boolean;
  }
  export default function pinoRoll(options: PinoRollOptions): Promise<SonicBoom>;
}
