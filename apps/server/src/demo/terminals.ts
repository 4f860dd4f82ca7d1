import { Random } from './random.js';

/**
 * The machines of a demo cafe, by the cafe's platform id (the feed's cafeId): 2 to 8 of them,
 * `PC-01` on. The seeded plays, the live demo feed and the simulator give each play one of its
 * cafe's terminals; the same seed and cafe give the same terminals on every run.
 */
export function demoTerminals(seed: number, cafeId: string): string[] {
  const count = new Random(seed, `terminals:${cafeId}`).int(2, 8);
  return Array.from({ length: count }, (_, i) => `PC-${String(i + 1).padStart(2, '0')}`);
}
