import { eq } from 'drizzle-orm';
import { cafes } from '../../../db/schema/index.js';
import { definite } from '../../../lib/definite.js';
import { type ApplyContext, EventRefused, type Item } from './context.js';
import { accountByUsername, accountMismatch, cafesByPlatformId } from './lookups.js';

/**
 * `cafe`: creates a cafe of a master under the platform's cafeId, or updates its name and master.
 * A cafe changing hands moves its plays' "other agents' cafes" sums in the roll-up (migration 0009).
 */
export async function applyCafe(ctx: ApplyContext, item: Item<'cafe'>): Promise<void> {
  const e = item.event;
  const master = await accountByUsername(ctx.tx, e.master);
  const mismatch = accountMismatch(master, e.master, 'master', 'a master');
  if (mismatch) throw new EventRefused('master', mismatch);
  const masterId = definite(master, 'the master').id;
  const existing = (await cafesByPlatformId(ctx.tx, [e.cafeId])).get(e.cafeId);
  if (existing) {
    await ctx.tx.update(cafes).set({ name: e.name, masterId }).where(eq(cafes.id, existing.id));
  } else {
    await ctx.tx.insert(cafes).values({ masterId, name: e.name, platformId: e.cafeId, createdAt: ctx.now });
  }
}
