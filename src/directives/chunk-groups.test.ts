import { describe, expect, it } from 'vitest';
import { CHUNK_GROUPS } from './chunk-groups.ts';

/** The group a module id goes to (the first by priority whose test takes it), as rolldown picks. */
function groupOf(id: string): string | null {
  const byPriority = [...CHUNK_GROUPS].sort((a, b) => b.priority - a.priority);
  for (const group of byPriority) {
    const taken = typeof group.test === 'function' ? group.test(id) : group.test.test(id);
    if (taken) return group.name;
  }
  return null;
}

const root = '/project';

describe('client chunk groups (decision 606)', () => {
  it("keeps the header's personal script apart from React, so static pages load no island code", () => {
    expect(groupOf(`${root}/src/islands/shared/fetch.ts`)).toBe('personal');
    expect(groupOf(`${root}/src/islands/shared/late-personal.ts`)).toBe('personal');
  });

  it('puts React, React DOM, the scheduler, Jotai and the renderer in one vendor chunk', () => {
    for (const id of [
      `${root}/node_modules/react/cjs/react.production.js`,
      `${root}/node_modules/react-dom/cjs/react-dom-client.production.js`,
      `${root}/node_modules/scheduler/cjs/scheduler.production.js`,
      `${root}/node_modules/jotai/esm/react.mjs`,
      `${root}/node_modules/@astrojs/react/dist/client.js`,
    ])
      expect(groupOf(id), id).toBe('vendor');
  });

  it('shares the project modules and valibot in core, but not island components', () => {
    expect(groupOf(`${root}/node_modules/valibot/dist/index.js`)).toBe('core');
    expect(groupOf(`${root}/src/lib/money/money.ts`)).toBe('core');
    expect(groupOf(`${root}/src/islands/cart/atoms/cart.ts`)).toBe('core');
    expect(groupOf(`${root}/src/islands/cart/api.ts`)).toBe('core');
    expect(groupOf(`${root}/src/islands/shared/island-store.tsx`)).toBe('core');
    expect(groupOf(`${root}/src/islands/cart/CartLines.tsx`)).toBeNull();
    expect(groupOf(`${root}/src/islands/checkout/CheckoutPage.tsx`)).toBeNull();
  });

  it("keeps a module only one island's page needs out of every group", () => {
    expect(groupOf(`${root}/src/islands/wallet/GiftCards.tsx`)).toBeNull();
    expect(groupOf(`${root}/src/islands/lists/atoms.ts`)).toBeNull();
  });
});
