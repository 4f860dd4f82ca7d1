export { Outcome } from './Outcome';
