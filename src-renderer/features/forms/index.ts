// What the rest of the renderer may use of the forms feature.
export { FormsView } from './FormsView';
