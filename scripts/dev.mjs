#!/usr/bin/env node
// `npm run dev`: the server under `tsx watch` on port 3000 (restarts on change) and the Vite dev
// server on 5173, which proxies /api to it (apps/web/vite.config.ts). Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
// The web workspace's own Vite, run directly (not through npm) so that stopping it is one signal.
const viteBin = path.join(
  path.dirname(createRequire(path.join(root, 'apps/web/package.json')).resolve('vite/package.json')),
  'bin/vite.js',
);
// The Vite proxy targets localhost:3000, so the server must be there.
const env = { ...process.env, PORT: '3000', NODE_ENV: 'development' };

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn(process.execPath, [viteBin], { cwd: path.join(root, 'apps/web'), stdio: 'inherit', env }),
];
console.log('Dev servers: open http://localhost:5173 (Vite, proxies /api to the server on http://localhost:3000)');

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}
for (const child of children) {
  child.on('error', (err) => {
    console.error(`npm run dev: ${err.message} (run \`npm ci\` first?)`);
    stopAll(1);
  });
  // When one of the two stops, stop the other.
  child.on('exit', (code) => stopAll(code ?? 0));
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
