import { boot } from './app/boot';
import { registerServiceWorkerWhenQuiet } from './app/register-service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

boot(root);
registerServiceWorkerWhenQuiet();
