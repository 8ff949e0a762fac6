import type { Compilable } from 'kysely';
import type { QueryDb } from './query-db';

/** Stands in for one of a compiled read's values until the read runs. */
class Placeholder {
  constructor(readonly key: string) {}
}

/**
 * A hot read built and compiled once, then run with each call's values as a named prepared
 * statement. Building and compiling a query with Kysely costs a small indexed read more CPU than
 * PostgreSQL spends running it, so the reads a page makes on every view skip both:
 *
 *   this.ofFilmRead = compiledRead(db, (p: { filmId: number; limit: number }) =>
 *     db.selectFrom('reviews').selectAll().where('film_id', '=', p.filmId).limit(p.limit));
 *   ...
 *   return this.ofFilmRead({ filmId, limit: 20 });
 *
 * `build` runs once, with stand-ins for the values: use each only where a value goes (compared,
 * a limit, an offset), never to choose the query's shape, which is fixed by then.
 */
export function compiledRead<DB, P extends object, R>(
  db: QueryDb<DB>,
  build: (params: P) => Compilable<R>,
): (params: P) => Promise<R[]> {
  const standIns = new Proxy({} as P, {
    get: (_target, key) => new Placeholder(String(key)),
  });
  const compiled = build(standIns).compile();
  return async (params) => {
    const values = params as Record<string, unknown>;
    const parameters = compiled.parameters.map((value) =>
      value instanceof Placeholder ? values[value.key] : value,
    );
    const result = await db.prepared.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}

/**
 * compiledRead for a read whose shape follows a few choices (a sort, which filters are set): each
 * shape is built and compiled the first time it is asked for, then run like a compiledRead. The
 * shapes must be a small, closed set (enums and flags, never a value: a value goes in `params`),
 * since every one is kept. `key` names a shape; `build` gets it and the stand-ins for the values.
 */
export function compiledShapes<DB, S, P extends object, R>(
  db: QueryDb<DB>,
  key: (shape: S) => string,
  build: (shape: S, params: P) => Compilable<R>,
): (shape: S, params: P) => Promise<R[]> {
  const reads = new Map<string, (params: P) => Promise<R[]>>();
  return (shape, params) => {
    const name = key(shape);
    let read = reads.get(name);
    if (!read) {
      read = compiledRead(db, (standIns: P) => build(shape, standIns));
      reads.set(name, read);
    }
    return read(params);
  };
}
