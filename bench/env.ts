/** A positive number from the environment variable `name`, or `fallback` when it is unset or blank. */
export function positive(name: string, fallback: number, integer: boolean): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new Error(`${name}=${JSON.stringify(raw)}: expected a positive ${integer ? 'integer' : 'number'}`);
  }
  return value;
}
