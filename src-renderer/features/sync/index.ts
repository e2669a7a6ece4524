// What the rest of the renderer may use of the sync feature.
export { ConflictsPanel } from './ConflictsPanel';
export { SyncIndicator } from './SyncIndicator';
