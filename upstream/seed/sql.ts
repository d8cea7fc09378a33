// SQL text for seed rows: literal quoting and multi-row INSERTs kept under D1's statement size.

/** D1 refuses statements over 100 KB; stay well below it. */
export const MAX_STATEMENT_BYTES = 90_000;
const MAX_ROWS_PER_INSERT = 400;

/** A SQL literal for a seed value. `sqlLiteral("O'Hara") === "'O''Hara'"` */
export function sqlLiteral(value: string | number | boolean | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

/** Multi-row INSERT statements for `rows`, a few hundred rows each and under MAX_STATEMENT_BYTES. */
export function insertStatements(
  table: string,
  columns: readonly string[],
  rows: readonly (readonly (string | number | boolean | null)[])[],
): string[] {
  return valuesStatements(`INSERT INTO ${table} (${columns.join(', ')}) VALUES\n`, '', rows);
}

/**
 * UPDATE statements that set `columns` of the rows of `table` whose `key` is each row's first
 * value (the rest are the columns' values, in order), a few hundred rows each.
 */
export function updateStatements(
  table: string,
  key: string,
  columns: readonly string[],
  rows: readonly (readonly (string | number | boolean | null)[])[],
): string[] {
  const set = columns.map((column, i) => `${column} = v.column${i + 2}`).join(', ');
  return valuesStatements(
    `UPDATE ${table} SET ${set} FROM (VALUES\n`,
    `) AS v WHERE ${table}.${key} = v.column1`,
    rows,
  );
}

/** `head`, a few hundred of `rows` as tuples, `tail`: as many statements as it takes. */
function valuesStatements(
  head: string,
  tail: string,
  rows: readonly (readonly (string | number | boolean | null)[])[],
): string[] {
  const statements: string[] = [];
  let values: string[] = [];
  let bytes = head.length + tail.length;
  for (const row of rows) {
    const tuple = `(${row.map(sqlLiteral).join(', ')})`;
    if (values.length > 0 && (values.length >= MAX_ROWS_PER_INSERT || bytes + tuple.length + 2 > MAX_STATEMENT_BYTES)) {
      statements.push(`${head}${values.join(',\n')}${tail}`);
      values = [];
      bytes = head.length + tail.length;
    }
    values.push(tuple);
    bytes += tuple.length + 2;
  }
  if (values.length > 0) statements.push(`${head}${values.join(',\n')}${tail}`);
  return statements;
}
