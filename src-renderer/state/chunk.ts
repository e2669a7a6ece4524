import { useEffect, useState, type ComponentType } from 'react';

/** A component whose code is a chunk of its own, loaded once, when first asked for. */
export interface Chunk<P extends object> {
  /** Loads the code (once); the component when it is there. */
  start(): Promise<ComponentType<P>>;
  /** The component, once its code is loaded. */
  readonly loaded: ComponentType<P> | null;
}

export function chunk<P extends object>(load: () => Promise<ComponentType<P>>): Chunk<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  return {
    start() {
      pending ??= load().then(
        (component) => (loaded = component),
        (error: unknown) => {
          // Asked again, it tries again (the files may have been replaced by an update meanwhile).
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    get loaded() {
      return loaded;
    },
  };
}

/**
 * The chunk's component as soon as its code is there (null until then, or while `active` is false),
 * and whether it failed to load. Unlike React.lazy no Suspense fallback is involved: React holds a
 * boundary's content back up to 300 ms after its fallback showed, to reveal several together, and
 * at start that was a third of the time to the first view.
 */
export function useChunk<P extends object>(
  from: Chunk<P>,
  active = true,
): { Component: ComponentType<P> | null; failed: boolean; retry: () => void } {
  const [, loadedNow] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const Component = from.loaded;
  useEffect(() => {
    if (Component || !active) return;
    let current = true;
    from.start().then(
      () => current && loadedNow((n) => n + 1),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [from, Component, active, attempt]);
  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };
  return { Component, failed, retry };
}
