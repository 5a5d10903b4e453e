/**
 * What a failed statement means, on either engine, read from the drivers' codes in one place:
 * PostgreSQL's SQLSTATE and better-sqlite3's extended result codes.
 */
const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/** A unique index or primary key refused the write. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * The database broke off a transaction because of another one running at the same moment (a
 * deadlock, a serialization failure): the transaction was rolled back, and sending the request again
 * can succeed.
 */
export function isConcurrencyFailure(error: unknown): boolean {
  const code = codeOf(error);
  return code === '40P01' || code === '40001';
}

/** Another transaction held the data past the wait allowed (SQLite's busy timeout, PostgreSQL's lock timeout). */
export function isLockTimeout(error: unknown): boolean {
  const code = codeOf(error);
  return (
    code === '55P03' ||
    (typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')))
  );
}
