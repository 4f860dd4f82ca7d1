export { SideScroll } from './SideScroll';
