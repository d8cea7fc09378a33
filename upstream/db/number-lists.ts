// The number lists SQLite answers with (group_concat of doc ids, scores), read into typed arrays
// for the search's match cache (search-match.ts, docs/decisions/608).

/**
 * The integers of the rows' `column` (comma-separated lists, e.g. doc ids), in order, parsed in
 * place: no string per number (a broad match has tens of thousands).
 */
export function numbersOf(rows: readonly (readonly unknown[])[], column: number): Int32Array {
  const lists = rows
    .map((row) => row[column])
    .filter((list): list is string => typeof list === 'string' && list !== '');
  let count = lists.length;
  for (const list of lists) for (let i = 0; i < list.length; i += 1) if (list.charCodeAt(i) === 44) count += 1;
  const numbers = new Int32Array(count);
  let n = 0;
  for (const list of lists) {
    let value = 0;
    let sign = 1;
    for (let i = 0; i < list.length; i += 1) {
      const code = list.charCodeAt(i);
      if (code === 44) {
        numbers[n++] = sign * value;
        value = 0;
        sign = 1;
      } else if (code === 45) sign = -1;
      else value = value * 10 + code - 48;
    }
    numbers[n++] = sign * value;
  }
  return numbers;
}

/** `values` as an Int32Array, itself when it is one (no copy). */
export const int32 = (values: ArrayLike<number>): Int32Array =>
  values instanceof Int32Array ? values : Int32Array.from(values);
