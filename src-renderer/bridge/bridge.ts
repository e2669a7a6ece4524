import type { AppArgs, AppCallName, AppError, AppEventName, AppEvents, AppResult } from '../../src-shared/appApi';

/** The renderer's only way to the backend: the app API, whatever carries it. */
export interface AppBridge {
  call<K extends AppCallName>(name: K, args: AppArgs<K>): Promise<AppResult<K>>;
  on<E extends AppEventName>(name: E, listener: (payload: AppEvents[E]) => void): () => void;
}

/** A failed call, with the backend's code and sentence. */
export class BridgeError extends Error implements AppError {
  constructor(
    readonly code: AppError['code'],
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong';
}
