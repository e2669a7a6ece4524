import { useCallback, useRef, useState } from 'react';
import type { AppArgs, AppCallName, AppResult } from '@shared/appApi';
import { BridgeError, messageOf } from '@renderer/bridge/bridge';
import { useBridge } from './bridgeContext';

export type FieldErrors = Readonly<Record<string, string>>;

export interface AppAction<K extends AppCallName> {
  /** Runs the call; answers its result, or undefined when it failed (the error is in `error`). */
  run(args: AppArgs<K>): Promise<AppResult<K> | undefined>;
  pending: boolean;
  /** The sentence to show for the failure, if any. */
  error: string | null;
  /** One message per field the backend named in `details` (`endDate`, `answers.<id>`). */
  fieldErrors: FieldErrors;
  reset(): void;
}

/** The issues of a failed call, by field path. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof BridgeError) || !Array.isArray(error.details)) return {};
  const out: Record<string, string> = {};
  for (const d of error.details as unknown[]) {
    if (d && typeof d === 'object' && 'path' in d && 'message' in d) {
      const { path, message } = d as { path: unknown; message: unknown };
      if (typeof path === 'string' && typeof message === 'string' && !(path in out)) out[path] = message;
    }
  }
  return out;
}

/**
 * A change through the app API with its state: pending while it runs, then the error and each
 * field's error. What the user typed is theirs to keep: a failure changes nothing but these.
 */
export function useAppAction<K extends AppCallName>(name: K): AppAction<K> {
  const bridge = useBridge();
  const [state, setState] = useState<{ pending: boolean; error: string | null; fieldErrors: FieldErrors }>({
    pending: false,
    error: null,
    fieldErrors: {},
  });
  const running = useRef(0);
  const run = useCallback(
    async (args: AppArgs<K>) => {
      const mine = ++running.current;
      setState({ pending: true, error: null, fieldErrors: {} });
      try {
        const result = await bridge.call(name, args);
        if (mine === running.current) setState({ pending: false, error: null, fieldErrors: {} });
        return result;
      } catch (error) {
        if (mine === running.current) {
          setState({ pending: false, error: messageOf(error), fieldErrors: fieldErrorsOf(error) });
        }
        return undefined;
      }
    },
    [bridge, name],
  );
  const reset = useCallback(() => setState({ pending: false, error: null, fieldErrors: {} }), []);
  return { run, ...state, reset };
}
