// What the rest of the renderer may use of the trainings feature.
export { TrainingsView } from './TrainingsView';
