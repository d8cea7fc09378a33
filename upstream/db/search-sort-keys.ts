// The columns two sorts need, read once per index and kept on it: every slot's name rank
// (sort=name.*) and normalised size (sort=unitPrice.asc). Split from search-index.ts.

import { normaliseSize, type NormalisedSize } from '../../src/lib/catalog/unit-price.ts';
import { FIELD, NAME_ORDER_SQL, RECORD, UNIT_SIZE_SQL } from './search-index-sql.ts';
import type { SearchIndex } from './search-index.ts';

/** The name rank of every slot (sort=name.*), read once per index. */
export async function nameRanks(db: D1Database, index: SearchIndex): Promise<Int32Array> {
  if (index.nameRank) return index.nameRank;
  const rows = await db.prepare(NAME_ORDER_SQL).raw<[string | null]>();
  const rank = new Int32Array(index.docId.length);
  let position = 0;
  let current = 0;
  for (const [chunk] of rows) {
    if (!chunk) continue;
    for (const entry of chunk.split(',')) {
      const tie = entry.endsWith('=');
      if (!tie) current = position;
      const slot = index.slotOf.get(Number(tie ? entry.slice(0, -1) : entry));
      if (slot !== undefined) rank[slot] = current;
      position += 1;
    }
  }
  index.nameRank = rank;
  return rank;
}

/** Every slot's normalised size (sort=unitPrice.asc), read once per index; sold by weight, the price is per lb. */
export async function unitSizes(db: D1Database, index: SearchIndex): Promise<(NormalisedSize | null)[]> {
  if (index.unitSize) return index.unitSize;
  const sizes = new Array<NormalisedSize | null>(index.docId.length).fill(null);
  const perSize = new Map<string, NormalisedSize | null>(); // a few dozen distinct sizes
  for (const [chunk] of await db.prepare(UNIT_SIZE_SQL).raw<[string | null]>()) {
    if (!chunk) continue;
    for (const record of chunk.split(RECORD)) {
      const [docId, byWeight, size = ''] = record.split(FIELD);
      const slot = index.slotOf.get(Number(docId));
      if (slot === undefined) continue;
      if (byWeight === '1') {
        sizes[slot] = { quantity: 1, unit: 'lb' };
        continue;
      }
      if (!perSize.has(size)) perSize.set(size, normaliseSize(size));
      sizes[slot] = perSize.get(size) ?? null;
    }
  }
  index.unitSize = sizes;
  return sizes;
}
