#!/usr/bin/env node
// `npm start`: build the web app when it is missing or older than its sources, then run the
// server (on tsx, see docs/decisions/0005), which migrates, seeds an empty embedded database and
// serves the web app and the API on one port. Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist/index.html');
// Everything that goes into the web build: its sources, its config and the shared contracts.
const webInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/public',
  'packages/contracts/src',
].map((p) => path.join(root, p));

function fail(message) {
  console.error(`\nnpm start: ${message}\n`);
  process.exit(1);
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19) || (major === 22 && minor < 13) || major === 21 || major === 23) {
  fail(`Node 24 LTS is recommended; 20.19+ and 22.13+ still work (this is ${process.version}).`);
}
if (!existsSync(path.join(root, 'node_modules/tsx/package.json'))) fail('dependencies are not installed: run `npm ci` first.');

/** Newest modification time (ms) of a file or of any file below a folder; 0 when absent. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve({ code, signal }));
    child.on('error', (err) => fail(`could not run ${command}: ${err.message}`));
  });
}

const builtAt = existsSync(webDist) ? statSync(webDist).mtimeMs : 0;
const sourcesAt = Math.max(...webInputs.map(newestMtime));
if (builtAt === 0 || builtAt < sourcesAt) {
  console.log(builtAt === 0 ? 'Building the web app (first start)...' : 'Web sources changed: rebuilding the web app...');
  const build = await run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
    shell: process.platform === 'win32',
  });
  if (build.code !== 0) fail('the web build failed (see above).');
}

// One Node process running the server through tsx's loader, so that signals reach it directly.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Ctrl-C reaches the whole process group: the server shuts down by itself and we follow it.
// A kill aimed at this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (signal !== 'SIGINT') server.kill(signal);
  });
}
// If whatever started us goes away without passing a signal on (npm does that with SIGTERM),
// stop the server too rather than leave it running on the port.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) server.kill('SIGTERM');
}, 1000).unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
