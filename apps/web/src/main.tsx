import { boot } from './app/boot';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

boot(root);
