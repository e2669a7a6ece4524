import type { AppArgs, AppCallName, AppResult } from '@shared/appApi';

/** A domain's share of the app API (Actual's per-domain handler maps), typed by its domain's calls. */
export type HandlerMap<Calls> = {
  [N in keyof Calls & AppCallName]: (args: AppArgs<N>) => Promise<AppResult<N>>;
};
