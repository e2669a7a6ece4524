import type { AppArgs, AppCallName, AppEventName, AppEvents, AppResult } from '../../src-shared/appApi';
import { eventHub, type AppBridge } from '../../src-renderer/bridge/bridge';

type Answer<K extends AppCallName> = (args: AppArgs<K>) => AppResult<K> | Promise<AppResult<K>>;

/** A bridge whose calls answer from a table and whose events a test sends; every call is logged. */
export function fakeBridge(answers: { [K in AppCallName]?: Answer<K> }) {
  const hub = eventHub();
  const calls: { name: AppCallName; args: unknown }[] = [];
  const bridge: AppBridge = {
    async call(name, args) {
      calls.push({ name, args });
      const answer = answers[name] as Answer<typeof name> | undefined;
      if (!answer) throw new Error(`No answer for ${name}`);
      return answer(args);
    },
    on: hub.on,
  };
  return {
    bridge,
    calls,
    count: (name: AppCallName) => calls.filter((c) => c.name === name).length,
    emit<E extends AppEventName>(event: E, payload: AppEvents[E]) {
      hub.emit(event, payload);
    },
  };
}
