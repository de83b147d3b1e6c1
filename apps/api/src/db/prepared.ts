import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * A query on a hot path, built and compiled by Kysely once per dialect instead of on every call.
 * Building a query (parsing references, freezing the operation tree, compiling it to SQL) cost as
 * much server time as running it on SQLite. The builder gets a placeholder for each named
 * parameter; the compiled SQL is kept and each call only swaps the values in. Parameters are
 * strings and each must stand in the query as a plain value (not in a list whose length varies).
 */
export interface PreparedQuery<K extends string, R> {
  /** every row the query answers, on the database or transaction given */
  all(executor: Kysely<Database>, values: Readonly<Record<K, string>>): Promise<R[]>;
  first(executor: Kysely<Database>, values: Readonly<Record<K, string>>): Promise<R | undefined>;
}

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
  const all = async (executor: Kysely<Database>, values: Readonly<Record<K, string>>): Promise<R[]> => {
    const { query, slots } = compile(executor);
    const parameters = query.parameters.map((p, i) => (slots[i] === undefined ? p : values[slots[i]]));
    return (await executor.executeQuery<R>({ ...query, parameters })).rows;
  };
  return { all, first: async (executor, values) => (await all(executor, values))[0] };
}
