/**
 * `value` frozen at every level, for JSON data that several requests share (a remembered query): one
 * that tried to change it would throw instead of changing it for the others.
 */
export function freezeJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) freezeJson((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
