/**
 * A small seeded pseudo-random generator (sfc32, seeded through splitmix32) so that the demo
 * network is the same for the same seed: Math.random and crypto.randomUUID are never used here.
 *
 * `fork(label)` derives an independent stream; each part of the network draws from its own fork,
 * so changing how many numbers one part uses does not shift the others.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, label = '') {
    // Seeds beyond 32 bits (and negative ones) keep their high part: it is mixed in separately.
    const high = Math.floor(seed / 4_294_967_296);
    let state = mix32(seed >>> 0) ^ mix32(high + 0x632be5ab) ^ hashLabel(label);
    const next = () => {
      state = (state + 0x9e3779b9) | 0;
      return mix32(state);
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** A stream of its own for one part of the network, derived from this one's next numbers. */
  fork(label: string | number): Random {
    return new Random(this.uint32() ^ hashLabel(String(label)), String(label));
  }

  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    return this.uint32() / 4_294_967_296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick landed outside the list');
    return item;
  }

  /** Picks by weight: `weighted([['a', 3], ['b', 1]])` gives 'a' three times as often. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let point = this.next() * total;
    for (const [value, weight] of entries) {
      point -= weight;
      if (point < 0) return value;
    }
    const last = entries.at(-1);
    if (last === undefined) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** A version-4-shaped UUID made from this stream (so ids repeat from run to run). */
  uuid(): string {
    const hex = [this.uint32(), this.uint32(), this.uint32(), this.uint32()].map((n) => n.toString(16).padStart(8, '0')).join('');
    const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}

/** The splitmix32 / murmur3 finaliser: a well-mixed 32-bit value from any 32-bit input. */
export function mix32(value: number): number {
  let z = value | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

function hashLabel(label: string): number {
  let h = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
