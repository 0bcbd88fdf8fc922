export { Controls } from './Controls';
export { LessonControls } from './LessonControls';
