/**
 * The SQL condition "`column` is one of `states`", written from a module's transition table, so an
 * UPDATE's guard is the table's and not a second list typed into the SQL. The states are the
 * table's constants (lower-case words), written as literals; none: `false`.
 */
export function inStates(column: string, states: readonly string[]): string {
  for (const state of states) if (!/^[a-z_]+$/.test(state)) throw new Error(`inStates: a state is a lower-case word, got ${JSON.stringify(state)}`);
  return states.length === 0 ? 'false' : `${column} IN (${states.map((state) => `'${state}'`).join(', ')})`;
}
