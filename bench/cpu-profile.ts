import { readFileSync } from 'node:fs';

/**
 * A summary of a V8 CPU profile (`node --cpu-prof`) for the bench: self and inclusive time of the
 * busiest functions, and of the packages they belong to, over the samples taken after `fromMs`
 * (the server's start, its migrations and its warm-up left out).
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileLine {
  name: string;
  selfMs: number;
  totalMs: number;
}

export interface ProfileSummary {
  /** Milliseconds sampled in the window, idle time included. */
  sampledMs: number;
  idleMs: number;
  functions: ProfileLine[];
  packages: ProfileLine[];
}

/** `node_modules/<package>` of a script, `node:<module>` for Node's own, `app` for the product's code. */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node:').split('/')[0]!;
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  if (url.includes('/packages/contracts/')) return '@playrep/contracts';
  if (url.includes('/apps/server/')) return 'app';
  return url;
}

export function summarizeProfile(file: string, fromMs = 0, top = 25): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*?(node_modules\/|apps\/|packages\/|node:)/, '$1')}:${lineNumber + 1}` : '';
    return `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
  };

  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const packageSelf = new Map<string, number>();
  const packageTotal = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
  let at = 0;
  let sampledMs = 0;
  let idleMs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]! / 1000;
    // A sample's time is the gap to the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (at < fromMs) continue;
    sampledMs += ms;
    const leaf = byId.get(profile.samples[i]!)!;
    if (leaf.callFrame.functionName === '(idle)') {
      idleMs += ms;
      continue;
    }
    add(self, label(leaf), ms);
    add(packageSelf, packageOf(leaf.callFrame.url, leaf.callFrame.functionName), ms);
    const seen = new Set<string>();
    const seenPackages = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const node = byId.get(id)!;
      if (node.callFrame.functionName === '(root)') break;
      const name = label(node);
      if (!seen.has(name)) {
        seen.add(name);
        add(total, name, ms);
      }
      const pkg = packageOf(node.callFrame.url, node.callFrame.functionName);
      if (!seenPackages.has(pkg)) {
        seenPackages.add(pkg);
        add(packageTotal, pkg, ms);
      }
    }
  }
  const lines = (selfMap: Map<string, number>, totalMap: Map<string, number>) =>
    [...new Set([...selfMap.keys(), ...totalMap.keys()])]
      .map((name) => ({ name, selfMs: selfMap.get(name) ?? 0, totalMs: totalMap.get(name) ?? 0 }))
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, top);
  return { sampledMs, idleMs, functions: lines(self, total), packages: lines(packageSelf, packageTotal) };
}

/** The summary as text: per request when `requests` is given. */
export function formatProfile(summary: ProfileSummary, requests: number): string {
  const per = (ms: number) => `${((ms / requests) * 1000).toFixed(0).padStart(6)} us`;
  const busy = summary.sampledMs - summary.idleMs;
  const out = [
    `sampled ${summary.sampledMs.toFixed(0)} ms, busy ${busy.toFixed(0)} ms (${per(busy)} a request over ${requests} requests)`,
    'packages (self, inclusive, a request):',
    ...summary.packages.map((p) => `  ${per(p.selfMs)} ${per(p.totalMs)}  ${p.name}`),
    'functions (self, inclusive, a request):',
    ...summary.functions.map((f) => `  ${per(f.selfMs)} ${per(f.totalMs)}  ${f.name}`),
  ];
  return out.join('\n');
}
