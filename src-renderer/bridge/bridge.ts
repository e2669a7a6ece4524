import type { AppArgs, AppCallName, AppError, AppEventName, AppEvents, AppResult, BridgeReply } from '@shared/appApi';

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

/** The result of a reply, or its error as a BridgeError: the same on every transport. */
export function openReply(reply: BridgeReply): unknown {
  if ('error' in reply) throw new BridgeError(reply.error.code, reply.error.message, reply.error.details);
  return reply.result;
}

/** The listeners of backend events on one bridge: views subscribe, the transport emits. */
export function eventHub(): { emit(event: AppEventName, payload: unknown): void; on: AppBridge['on'] } {
  const listeners = new Map<AppEventName, Set<(payload: unknown) => void>>();
  return {
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) listeners.set(name, (set = new Set()));
      set.add(listener as (payload: unknown) => void);
      return () => set.delete(listener as (payload: unknown) => void);
    },
  };
}
