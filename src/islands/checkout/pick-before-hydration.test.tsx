// @vitest-environment happy-dom
import { act } from '@testing-library/react';
import { useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, test, vi } from 'vitest';
import { usePickBeforeHydration } from './pick-before-hydration.ts';

/** Radios as the checkout's sections render them: controlled, saved through onChange. */
function Slots({ saved, onSave }: { saved: string | null; onSave: (slotId: string) => void }) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const [chosen, setChosen] = useState(saved);
  const save = (slotId: string) => {
    setChosen(slotId);
    onSave(slotId);
  };
  usePickBeforeHydration(ref, 'slotId', chosen, save);
  return (
    <fieldset ref={ref}>
      {['a', 'b'].map((slotId) => (
        <input
          key={slotId}
          type="radio"
          name="slotId"
          value={slotId}
          checked={chosen === slotId}
          onChange={() => save(slotId)}
        />
      ))}
    </fieldset>
  );
}

async function hydrateAfter(tap: ((container: HTMLElement) => void) | null, saved: string | null) {
  const onSave = vi.fn();
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Slots saved={saved} onSave={onSave} />);
  document.body.appendChild(container);
  tap?.(container);
  await act(async () => {
    hydrateRoot(container, <Slots saved={saved} onSave={onSave} />);
  });
  container.remove();
  return onSave;
}

test('a time tapped before hydration is saved once the island is up', async () => {
  const onSave = await hydrateAfter((container) => {
    container.querySelector<HTMLInputElement>('input[value="b"]')!.click();
  }, null);
  expect(onSave.mock.calls).toEqual([['b']]);
});

test('nothing tapped, or the saved choice still checked: nothing is saved', async () => {
  expect((await hydrateAfter(null, null)).mock.calls).toEqual([]);
  expect((await hydrateAfter(null, 'a')).mock.calls).toEqual([]);
});
