export { Controls } from './Controls';
