// Money is integer cents everywhere; formatting happens only at the edge of the UI, and only here:
// the one formatter every dollar amount a shopper reads goes through (issue 20 §3;
// docs/decisions/480-one-price-everywhere.md). The lint rule local/one-money-formatter
// (eslint-rules/one-money-formatter.js) keeps hand-written dollar formatting out of src, worker
// and upstream.

// No Intl.NumberFormat here: building a currency formatter loads ICU's currency data, which took
// 48-63 ms of the main thread in Chromium on these machines (about 200 ms at Lighthouse's 4x), on
// every page whose islands import this module, whether or not it formatted anything
// (docs/decisions/644). en-US dollars are plain integer arithmetic; the tests hold this to
// Intl's own output.

/** Whole dollars' digits with a comma every three: `groupThousands('1234567') === '1,234,567'` */
function groupThousands(digits: string): string {
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped ? `${part},${grouped}` : part;
  }
  return grouped;
}

export interface FormatOptions {
  /** whole dollars without ".00", as a circular writes a deal ("3 for $5"); amounts with cents keep them */
  dropZeroCents?: boolean;
}

/**
 * Formats integer cents as dollars with a thousands separator and 2 decimals (shopping §9).
 * `formatCents(123456) === '$1,234.56'`, `formatCents(-150) === '-$1.50'`, `formatCents(500, { dropZeroCents: true }) === '$5'`
 */
export function formatCents(cents: number, options: FormatOptions = {}): string {
  // `|| 0` turns -0 into 0: nothing is "-$0.00"; NaN and amounts past a number's exact integers
  // (no money) show as $0.00
  const rounded = Math.round(cents);
  const whole = Number.isSafeInteger(rounded) ? rounded || 0 : 0;
  const [digits = '0', fraction = '00'] = centsToDecimal(Math.abs(whole)).split('.');
  const dollars = `${whole < 0 ? '-' : ''}$${groupThousands(digits)}`;
  // "$5.00" → "$5" when asked, for whole dollars only
  return options.dropZeroCents && fraction === '00' ? dollars : `${dollars}.${fraction}`;
}

/** Formats a 2-decimal dollars string of an API answer (a gift-card or EBT balance). `formatDollarText('1234.50') === '$1,234.50'` */
export function formatDollarText(value: string): string {
  return formatCents(parseDollarsToCents(value) ?? 0);
}

/**
 * Integer cents as the plain 2-decimal string the spec's answers carry and a form field holds
 * (no dollar sign, no separator, so it parses back). `centsToDecimal(123456) === '1234.56'`
 */
export function centsToDecimal(cents: number): string {
  const whole = Math.round(cents) || 0;
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses a dollar string to integer cents, or null. `parseDollarsToCents('3.5') === 350` */
export function parseDollarsToCents(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
