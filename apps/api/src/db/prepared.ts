import type { Compilable, CompiledQuery, Insertable, Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * A query on a hot path, built and compiled by Kysely once per dialect instead of on every call.
 * Building a query (parsing references, freezing the operation tree, compiling it to SQL) cost as
 * much server time as running it on SQLite. The builder gets a placeholder for each named
 * parameter; the compiled SQL is kept and each call only swaps the values in. Each parameter must
 * stand in the query as a plain value (not in a list whose length varies). The builder sees strings
 * (the placeholders); a call may pass a number or null where the column takes one.
 */
export interface PreparedQuery<K extends string, R> {
  /** every row the query answers, on the database or transaction given */
  all(executor: Kysely<Database>, values: Readonly<Record<K, PreparedValue>>): Promise<R[]>;
  first(executor: Kysely<Database>, values: Readonly<Record<K, PreparedValue>>): Promise<R | undefined>;
}

/** What a call passes for a parameter: sent to the database as it is. */
export type PreparedValue = string | number | null;

/**
 * The SQL texts of prepared queries, each with a statement name. On PostgreSQL the pool's clients
 * send these as named statements (db/index.ts): the server parses and plans each once per
 * connection instead of on every call. The set only grows by compiling a `prepared` query, once per
 * dialect, so it stays as small as the code that declares them.
 */
const statementNames = new Map<string, string>();

/** The statement name for this SQL text, if it is a prepared query's. */
export const statementNameOf = (text: string): string | undefined => statementNames.get(text);

// values go in by position, found once from these markers; no constant of a query looks like one
const placeholder = (name: string) => `\u0000${name}\u0000`;

export function prepared<K extends string, R>(
  names: readonly K[],
  build: (db: Kysely<Database>, params: Readonly<Record<K, string>>) => Compilable<R>,
): PreparedQuery<K, R> {
  // one compiled form per dialect: the adapter object is shared by a database and its transactions
  const compiled = new WeakMap<object, { query: CompiledQuery<R>; slots: (K | undefined)[] }>();
  const compile = (executor: Kysely<Database>) => {
    const adapter = executor.getExecutor().adapter;
    let c = compiled.get(adapter);
    if (!c) {
      const params = Object.fromEntries(names.map((n) => [n, placeholder(n)])) as Record<K, string>;
      const query = build(executor, params).compile();
      const slots = query.parameters.map((p) => names.find((n) => p === placeholder(n)));
      const missing = names.filter((n) => !slots.includes(n));
      if (missing.length > 0) throw new Error(`prepared query: ${missing.join(', ')} not used as a plain value`);
      c = { query, slots };
      compiled.set(adapter, c);
      if (!statementNames.has(query.sql)) statementNames.set(query.sql, `qgw_${statementNames.size + 1}`);
    }
    return c;
  };
  const all = async (executor: Kysely<Database>, values: Readonly<Record<K, PreparedValue>>): Promise<R[]> => {
    const { query, slots } = compile(executor);
    const parameters = query.parameters.map((p, i) => (slots[i] === undefined ? p : values[slots[i]]));
    return (await executor.executeQuery<R>({ ...query, parameters })).rows;
  };
  return { all, first: async (executor, values) => (await all(executor, values))[0] };
}

/** A value an inserted column may take as it is: anything else goes through the query builder. */
type Plain = string | number | null;
const isPlain = (v: unknown): v is Plain => v === null || typeof v === 'string' || typeof v === 'number';

// table and column list → compiled INSERT, per dialect (adapter); the keys are as few as the rows the code writes
const inserts = new WeakMap<object, Map<string, CompiledQuery>>();

/**
 * Inserts one row, as `executor.insertInto(table).values(row).execute()` does, with the INSERT
 * compiled once per table and set of columns (and, on PostgreSQL, sent as a named statement). For
 * the rows every submission and login writes: building an INSERT of a dozen columns cost more
 * server time than SQLite took to run it. Columns left undefined are left out, as Kysely does; a
 * row with any value that is not a string, number or null is built the usual way.
 */
export async function insertRow<T extends keyof Database & string>(
  executor: Kysely<Database>,
  table: T,
  row: Insertable<Database[T]>,
): Promise<void> {
  const entries = Object.entries(row as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (!entries.every(([, v]) => isPlain(v))) {
    await executor.insertInto(table).values(row).execute();
    return;
  }
  const adapter = executor.getExecutor().adapter;
  let forDialect = inserts.get(adapter);
  if (!forDialect) inserts.set(adapter, (forDialect = new Map()));
  const key = `${table}\u0000${entries.map(([k]) => k).join('\u0000')}`;
  let compiled = forDialect.get(key);
  if (!compiled) {
    const columns = entries.map(([k]) => k);
    const shape = Object.fromEntries(columns.map((k) => [k, placeholder(k)]));
    const query = executor.insertInto(table).values(shape as Insertable<Database[T]>).compile();
    // the builder must have kept every column as one parameter, in the order of the row
    if (query.parameters.length !== columns.length || query.parameters.some((p, i) => p !== placeholder(columns[i]!))) {
      throw new Error(`insertRow: ${table} did not compile to one parameter per column`);
    }
    compiled = query;
    forDialect.set(key, query);
    if (!statementNames.has(query.sql)) statementNames.set(query.sql, `qgw_${statementNames.size + 1}`);
  }
  await executor.executeQuery({ ...compiled, parameters: entries.map(([, v]) => v) });
}
