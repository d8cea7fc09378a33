// Money is integer cents everywhere; formatting happens only at the edge of the UI.

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Formats integer cents as dollars with 2 decimals (shopping §9). `formatCents(1299) === '$12.99'` */
export function formatCents(cents: number): string {
  return USD.format(cents / 100);
}

/** Parses a dollar string to integer cents, or null. `parseDollarsToCents('3.5') === 350` */
export function parseDollarsToCents(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
