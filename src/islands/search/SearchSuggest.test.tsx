// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import SearchSuggest from './SearchSuggest.tsx';

const props = { id: 'site-search', value: '', maxLength: 120, minChars: 2 };

// the error log's beacon (src/islands/shared/error-log.ts): recorded, never sent
beforeEach(() => {
  Object.defineProperty(navigator, 'sendBeacon', { value: vi.fn(() => true), configurable: true, writable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SearchSuggest', () => {
  test('renders a plain search input on the server (the no-JavaScript form)', () => {
    const html = renderToString(<SearchSuggest {...props} value="milk" />);
    expect(html).toContain('name="query"');
    expect(html).toContain('value="milk"');
    expect(html).not.toContain('combobox');
  });

  test('becomes a combobox with a listbox after the minimum characters; Down highlights, Escape closes', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          data: {
            suggestions: [
              { text: 'milk', type: 'TERM' },
              { text: 'mild', type: 'TERM' },
            ],
          },
          meta: { query: 'mil' },
        }),
      ),
    );
    render(
      <form>
        <SearchSuggest {...props} />
      </form>,
    );
    const box = screen.getByRole('combobox');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.input(box, { target: { value: 'mil' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['milk', 'mild']);
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
  });

  test('a product suggestion shows its picture and store price, and Enter opens its page (issue 8 §8)', async () => {
    vi.useFakeTimers();
    const product = {
      text: 'Meadow Crest Whole Milk',
      type: 'PRODUCT',
      gtin13: '0010013000010',
      slug: 'meadow-crest-whole-milk',
      size: 'Half Gallon',
    };
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/atlas/v1/product/v2/products?')
        ? Response.json({
            data: {
              products: [{ gtin13: product.gtin13, price: { regularCents: 429, promoCents: 379, unit: 'each' } }],
            },
          })
        : Response.json({ data: { suggestions: [{ text: 'milk', type: 'TERM' }, product] }, meta: { query: 'mil' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const submit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={submit}>
        <SearchSuggest {...props} />
      </form>,
    );
    const box = screen.getByRole('combobox');
    fireEvent.input(box, { target: { value: 'mil' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain(
      '/atlas/v1/product/v2/products?gtins=0010013000010&projections=offers',
    );
    const option = screen.getAllByRole('option')[1]!;
    expect(option.querySelector('img')?.getAttribute('src')).toBe('/atlas/v1/product/images/0010013000010.svg');
    expect(option.textContent).toBe('Meadow Crest Whole Milk Half Gallon Sale price $3.79');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(option.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(assign).toHaveBeenCalledWith('/p/meadow-crest-whole-milk/0010013000010');
    expect(submit).not.toHaveBeenCalled();
  });

  test('shows the offline hint when the call gets no answer (code -1)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render(
      <form>
        <SearchSuggest {...props} />
      </form>,
    );
    fireEvent.input(screen.getByRole('combobox'), { target: { value: 'bread' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.getByTestId('suggestions-status').textContent).toBe(
      "Hmmm, looks like we've lost you. Please check your internet connection.",
    );
  });
});
