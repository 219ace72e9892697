// Statements of one transaction sent together: all of them awaited before a failure rolls the transaction back.

/**
 * Like Promise.all, for the statements (or chains of statements) of one transaction sent together so they travel in one
 * round trip; but it settles only once every one of them has, and then fails with the first failure (in the order given).
 * Promise.all fails at the first one while the others go on: the transaction would roll back and give its connection
 * back to the pool while a chain still had statements to send, and those would run after the rollback, outside any
 * transaction (each committed as it ran) or on a connection another request holds by then.
 */
export function together<T extends readonly unknown[] | []>(work: T): Promise<{ -readonly [P in keyof T]: Awaited<T[P]> }>;
export async function together(work: readonly unknown[]): Promise<unknown[]> {
  // Each taken once: a query builder sends its statement every time it is awaited.
  const sent = work.map((w) => Promise.resolve(w));
  await Promise.allSettled(sent);
  return Promise.all(sent);
}
