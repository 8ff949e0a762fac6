/** A page of rows: at most `limit`, after the first `offset`. */
export interface Page {
  limit: number;
  offset: number;
}

/** The page a list call asks for, with its endpoint's default limit when it names none. */
export function pageOf(query: { limit?: number; offset?: number }, defaultLimit: number): Page {
  return { limit: query.limit ?? defaultLimit, offset: query.offset ?? 0 };
}
