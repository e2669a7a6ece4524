import type { AppArgs, AppCallName, AppResult } from '../../../../src-shared/appApi';

/** A domain's share of the app API (Actual's per-domain handler maps). */
export type HandlerMap<K extends AppCallName> = { [N in K]: (args: AppArgs<N>) => Promise<AppResult<N>> };
