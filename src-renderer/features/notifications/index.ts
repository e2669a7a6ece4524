// What the rest of the renderer may use of the notifications feature.
export { NotificationsView } from './NotificationsView';
