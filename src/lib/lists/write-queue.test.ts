import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { listItemIdentity, type ListItemOutput } from './contracts.ts';
import { itemsPutBody, lineOf, rebaseWrites, type PendingWrite } from './write-queue.ts';

// Two tabs, one list (issue 11 §5): tab A queues writes against the list it loaded while tab B
// changes the list on the server. A's PUTs carry the versionKey; a stale one is refused (409),
// A refetches and rebases its waiting writes (rebaseWrites) and sends them again. Property: every
// edit of both tabs is on the server in the end (B's edit of the other field is never undone by
// A's resend), and each of A's writes is applied once.

function item(upc: string, quantity: number, checked = false): ListItemOutput {
  return {
    id: `id-${upc}`,
    type: 'UPC',
    channel: 'WEB',
    upc,
    categoryId: '01',
    categoryName: 'Produce',
    name: `Item ${upc}`,
    displayName: `Item ${upc}`,
    comments: '',
    quantity,
    checked,
    weeklyAdInfo: null,
    regularPrice: '1.00',
    promoPrice: null,
    lineTotal: null,
    savings: null,
    aisle: 'Aisle 1',
    slug: null,
    randomWeight: false,
    soldInStore: true,
    homeDeliveryItem: true,
    shipToHomeItem: false,
    curbsidePickupEligible: true,
    couponDetails: null,
    created: { value: '2026-11-01T00:00:00.000Z' },
    modified: { value: '2026-11-01T00:00:00.000Z' },
  };
}
const write = (kind: PendingWrite['kind'], entry: ListItemOutput, key = `k-${kind}-${entry.upc}`): PendingWrite => ({
  key,
  listId: 'list-1',
  kind,
  item: entry,
});

describe('lineOf and itemsPutBody', () => {
  test('a line carries the §7 fields: id, categoryId, quantity, name, type, channel, checked, upc', () => {
    expect(lineOf(write('quantity', item('0000000000001', 3)))).toEqual({
      id: 'id-0000000000001',
      upc: '0000000000001',
      categoryId: '01',
      name: 'Item 0000000000001',
      type: 'UPC',
      channel: 'WEB',
      quantity: 3,
      checked: false,
    });
  });

  test('the PUT of items carries activeList false, the list’s name and the versionKey', () => {
    const line = lineOf(write('check', item('0000000000002', 1, true)));
    expect(itemsPutBody({ name: 'Weekly', versionKey: 'v1' }, [line])).toEqual({
      lineItems: [line],
      activeList: false,
      name: 'Weekly',
      versionKey: 'v1',
    });
  });
});

describe('rebaseWrites', () => {
  test('a check write keeps its checked state and takes the fresh quantity', () => {
    const [rebased] = rebaseWrites([write('check', item('0000000000001', 2, true))], [item('0000000000001', 5, false)]);
    expect(rebased?.item).toMatchObject({ quantity: 5, checked: true });
    expect(rebased?.key).toBe('k-check-0000000000001');
  });

  test('a quantity write keeps its quantity and takes the fresh checked state; on a removed item it puts it back', () => {
    expect(
      rebaseWrites([write('quantity', item('0000000000001', 3, false))], [item('0000000000001', 1, true)])[0]?.item,
    ).toMatchObject({ quantity: 3, checked: true });
    expect(rebaseWrites([write('quantity', item('0000000000002', 3))], [])[0]?.item).toMatchObject({ quantity: 3 });
  });

  test('a check of an item no longer on the list is dropped; so is a check after the shopper removed it', () => {
    expect(rebaseWrites([write('check', item('0000000000001', 2, true))], [])).toEqual([]);
    const waiting = [write('quantity', item('0000000000001', 0)), write('check', item('0000000000001', 0, true))];
    expect(rebaseWrites(waiting, [item('0000000000001', 2)]).map((entry) => entry.kind)).toEqual(['quantity']);
  });
});

const UPCS = ['0000000000001', '0000000000002', '0000000000003'];
type Fields = { quantity: number; checked: boolean };
const step = fc.oneof(
  fc.record({
    t: fc.constantFrom('aQty' as const, 'bQty' as const),
    upc: fc.constantFrom(...UPCS),
    q: fc.integer({ min: 0, max: 5 }),
  }),
  fc.record({ t: fc.constantFrom('aCheck' as const, 'bCheck' as const), upc: fc.constantFrom(...UPCS) }),
  fc.record({ t: fc.constant('send' as const) }),
);

let interleavings = 0;

describe('property: two tabs, one list', () => {
  test('after every write is sent, the server holds both tabs’ edits and each of tab A’s writes applied once', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        interleavings++;
        const server = new Map<string, ListItemOutput>([
          [listItemIdentity(item(UPCS[0] as string, 1)), item(UPCS[0] as string, 1)],
        ]);
        let version = 0;
        // what the edits of both tabs mean, field by field, in the order they reach the server
        const expected = new Map<string, Fields>(
          [...server].map(([id, entry]) => [id, { quantity: entry.quantity, checked: entry.checked }]),
        );
        const applied: string[] = [];
        let dropped = 0;
        let written = 0;
        // tab A: the list it last loaded, its optimistic view, its queue and the versionKey it holds
        let view = new Map([...server].map(([id, entry]) => [id, { ...entry }]));
        let queue: PendingWrite[] = [];
        let heldVersion = version;
        const upsert = (target: Map<string, ListItemOutput>, entry: ListItemOutput) =>
          entry.quantity === 0 ? target.delete(listItemIdentity(entry)) : target.set(listItemIdentity(entry), entry);
        const intend = (kind: PendingWrite['kind'], entry: ListItemOutput) => {
          const id = listItemIdentity(entry);
          const now = expected.get(id);
          if (kind === 'check') {
            if (now) expected.set(id, { ...now, checked: entry.checked });
          } else if (entry.quantity === 0) expected.delete(id);
          else expected.set(id, { quantity: entry.quantity, checked: now?.checked ?? entry.checked });
        };
        const send = () => {
          const head = queue[0];
          if (!head) return;
          if (heldVersion !== version) {
            // 409: refetch, rebase, resend later
            view = new Map([...server].map(([id, entry]) => [id, { ...entry }]));
            const before = queue.length;
            queue = rebaseWrites(queue, [...server.values()]);
            dropped += before - queue.length;
            for (const waiting of queue) upsert(view, waiting.item);
            heldVersion = version;
            return;
          }
          queue = queue.slice(1);
          const line = lineOf(head);
          const entry = {
            ...(server.get(listItemIdentity(head.item)) ?? head.item),
            quantity: line.quantity,
            checked: line.checked,
          };
          upsert(server, entry);
          intend(head.kind, head.item);
          applied.push(head.key);
          version++;
          heldVersion = version;
        };
        for (const s of steps as ReadonlyArray<{ t: string; upc?: string; q?: number }>) {
          const upc = s.upc ?? (UPCS[0] as string);
          const id = listItemIdentity(item(upc, 1));
          if (s.t === 'send') send();
          else if (s.t === 'bQty' || s.t === 'bCheck') {
            const now = server.get(id);
            if (s.t === 'bCheck' && !now) continue;
            const next =
              s.t === 'bCheck'
                ? { ...(now as ListItemOutput), checked: !now?.checked }
                : { ...(now ?? item(upc, 0)), quantity: s.q ?? 0 };
            if (!now && next.quantity === 0) continue;
            upsert(server, next);
            intend(s.t === 'bCheck' ? 'check' : 'quantity', next);
            version++;
          } else {
            const now = view.get(id);
            if (s.t === 'aCheck' && !now) continue;
            const next =
              s.t === 'aCheck'
                ? { ...(now as ListItemOutput), checked: !now?.checked }
                : { ...(now ?? item(upc, 0)), quantity: s.q ?? 0 };
            if (!now && next.quantity === 0) continue;
            upsert(view, next);
            written++;
            queue.push(write(s.t === 'aCheck' ? 'check' : 'quantity', next, `a-${written}`));
          }
        }
        for (let guard = 0; queue.length > 0 && guard < 1000; guard++) send();
        expect(queue).toEqual([]);
        expect(
          Object.fromEntries(
            [...server].map(([id, entry]) => [id, { quantity: entry.quantity, checked: entry.checked }]),
          ),
        ).toEqual(Object.fromEntries(expected));
        expect(new Set(applied).size).toBe(applied.length);
        expect(applied.length + dropped).toBe(written);
      }),
      { numRuns: 3000 },
    );
  });

  test('interleavings run', () => {
    console.log(`two-tab write queue property test: ${interleavings} interleavings`);
    expect(interleavings).toBeGreaterThanOrEqual(3000);
  });
});
