// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../lib/http/messages.ts';
import CancelOrder from './CancelOrder.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// account §8: a cancel that never reached the edge says the account area's offline message (decision 661:
// it said the gift card's "Your internet connection is down…")
test('a cancel without a connection says the spec offline message and keeps the form', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  // the network error's report (src/islands/shared/error-log.ts) goes nowhere
  Object.defineProperty(navigator, 'sendBeacon', { value: vi.fn(() => true), configurable: true, writable: true });
  render(<CancelOrder orderNumber="5000000001" cancelBy="2026-12-01T10:00:00-08:00" />);
  await act(async () => {
    fireEvent.submit(screen.getByTestId('cancel-submit').closest('form')!);
  });
  expect(await screen.findByText(ACCOUNT_MESSAGES.OFFLINE)).toBeTruthy();
  expect(screen.getByTestId('cancel-submit')).toBeTruthy();
});
