// What the rest of the renderer may use of the people feature.
export { PersonPicker } from './PersonPicker';
export { PeopleView } from './PeopleView';
