// How the product page prints a nutrient amount: as a label does, at most one decimal, no float
// noise ("11.399999999999999 g" was on the page).

/** An amount as a nutrition label prints it. `nutrientAmount(11.399999999999999) === '11.4'`, `nutrientAmount(3) === '3'` */
export function nutrientAmount(value: number): string {
  if (!Number.isFinite(value) || value < 0) return '0';
  const tenths = Math.round(value * 10) / 10;
  return Number.isInteger(tenths) ? String(tenths) : tenths.toFixed(1);
}
