// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, expect, test, vi } from 'vitest';
import type { Checkout } from '../../lib/checkout/contracts.ts';
import { TimeSection, type Slot } from './TimeSection.tsx';
import type { useSectionSave } from './useSectionSave.ts';

const SLOTS: Slot[] = [
  { slotId: 's1', date: '2026-11-26', startTime: '07:00', endTime: '08:00', feeCents: 0, available: 3 },
  { slotId: 's2', date: '2026-11-26', startTime: '08:00', endTime: '09:00', feeCents: 0, available: 3 },
  { slotId: 's3', date: '2026-11-27', startTime: '07:00', endTime: '08:00', feeCents: 0, available: 3 },
];

function checkoutHolding(selection: { slotId: string; date: string; startTime: string; endTime: string }) {
  return {
    id: 'c1',
    modalityType: 'PICKUP',
    fulfillment: {
      promiseSelections: [
        { ...selection, feeCents: 0, heldUntil: '2026-11-26T01:00:00.000Z', timeZone: 'America/Los_Angeles' },
      ],
    },
  } as unknown as Checkout;
}

afterEach(cleanup);

const saving = { save: vi.fn(), busy: () => false } as unknown as ReturnType<typeof useSectionSave>;

function renderTimes(view: Checkout, with_ = saving) {
  render(
    <Provider store={createStore()}>
      <TimeSection view={view} slots={SLOTS} timeZone="America/Los_Angeles" initialDay={null} saving={with_} />
    </Provider>,
  );
}

const checked = () =>
  (screen.getAllByRole('radio') as HTMLInputElement[]).map((radio) => [radio.value, radio.checked] as const);

test('a tapped time shows as picked while the store holds it, and a refusal puts the held time back exactly', async () => {
  let answer: (saved: boolean) => void = () => undefined;
  const save = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
  renderTimes(checkoutHolding({ slotId: 's1', date: '2026-11-26', startTime: '07:00', endTime: '08:00' }), {
    save,
    busy: () => false,
  } as unknown as ReturnType<typeof useSectionSave>);
  fireEvent.click(screen.getAllByRole('radio')[1]!);
  expect(save).toHaveBeenCalledWith('time', { slotId: 's2' });
  expect(checked()).toEqual([
    ['s1', false],
    ['s2', true],
  ]);
  expect(screen.getByTestId('checkout-slot-holding').textContent).toBe('Holding this time for you…');
  expect(screen.queryByTestId('checkout-slot-chosen')).toBeNull();
  await act(async () => answer(false));
  expect(checked()).toEqual([
    ['s1', true],
    ['s2', false],
  ]);
  expect(screen.queryByTestId('checkout-slot-holding')).toBeNull();
  expect(screen.getByTestId('checkout-slot-chosen')).toBeTruthy();
});

test('a held time of a day no longer offered is said to be gone, and the first offered day shows its times', () => {
  renderTimes(checkoutHolding({ slotId: 'old', date: '2026-11-25', startTime: '18:00', endTime: '19:00' }));
  expect(screen.getByTestId('checkout-slot-gone').textContent).toMatch(
    /is no longer available\. Please choose another time\.$/,
  );
  expect(screen.queryByTestId('checkout-slot-chosen')).toBeNull();
  expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['s1', 's2']);
});

test('a held time of an offered day is shown as held, on its day', () => {
  renderTimes(checkoutHolding({ slotId: 's3', date: '2026-11-27', startTime: '07:00', endTime: '08:00' }));
  expect(screen.getByTestId('checkout-slot-chosen')).toBeTruthy();
  expect(screen.queryByTestId('checkout-slot-gone')).toBeNull();
  const radios = screen.getAllByRole('radio') as HTMLInputElement[];
  expect(radios.map((radio) => [radio.value, radio.checked])).toEqual([['s3', true]]);
});

test('with no time held, the first day shown is the first with a time still open (decision 672)', () => {
  const lateToday: Slot[] = [
    { slotId: 'late', date: '2026-11-26', startTime: '22:00', endTime: '23:00', feeCents: 0, available: 0 },
    ...SLOTS.slice(2),
  ];
  render(
    <Provider store={createStore()}>
      <TimeSection
        view={{ id: 'c1', modalityType: 'PICKUP', fulfillment: { promiseSelections: [] } } as unknown as Checkout}
        slots={lateToday}
        timeZone="America/Los_Angeles"
        initialDay={null}
        saving={saving}
      />
    </Provider>,
  );
  expect(checked()).toEqual([['s3', false]]);
  expect((screen.getByRole('radio') as HTMLInputElement).disabled).toBe(false);
});
