// GS1 check digits (GS1 General Specifications §7.9): GTIN-13 and UPC-A share the mod-10
// algorithm, weights 3 and 1 from the right. A UPC-A is a GTIN-13 with a leading zero.

/** The GS1 check digit for a body of digits. `gs1CheckDigit('400638133393') === 1` */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True when a 13-digit string carries a valid check digit. `isValidGtin13('4006381333931') === true` */
export function isValidGtin13(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  return gs1CheckDigit(value.slice(0, 12)) === Number(value[12]);
}

/** The GTIN-13 of a 12-digit UPC-A. `gtin13FromUpcA('036000291452') === '0036000291452'` */
export function gtin13FromUpcA(upcA: string): string {
  return `0${upcA}`;
}

/** Builds a UPC-A from its 11-digit body. `upcAFromBody('03600029145') === '036000291452'` */
export function upcAFromBody(body11: string): string {
  return `${body11}${gs1CheckDigit(body11)}`;
}
