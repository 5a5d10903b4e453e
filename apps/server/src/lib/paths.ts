/** Dotted field paths (`priceData.price`) over plain JSON objects. */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Segments that lead out of a plain object into its prototype: a path holding one is never followed
 * (reads find nothing, writes are dropped), whichever caller let it through.
 */
export const prototypeSegments: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether the dotted `path` holds one of `prototypeSegments`. */
export const reachesPrototype = (path: string): boolean =>
  path.split('.').some((segment) => prototypeSegments.has(segment));

export function getPath(source: unknown, path: string): unknown {
  if (!path.includes('.')) {
    return isObject(source) && Object.hasOwn(source, path) ? source[path] : undefined;
  }
  let current: unknown = source;
  for (const segment of path.split('.')) {
    if (!isObject(current) || !Object.hasOwn(current, segment)) return undefined;
    current = current[segment];
  }
  return current;
}

/** Sets `path` in `target`, creating objects on the way; `undefined` removes the field. */
export function setPath(target: Json, path: string, value: unknown): void {
  // Most paths are one field (a route's id parameter on every call by id): no split.
  if (!path.includes('.')) {
    if (prototypeSegments.has(path)) return;
    if (value === undefined) delete target[path];
    else target[path] = value;
    return;
  }
  if (reachesPrototype(path)) return;
  const segments = path.split('.');
  const last = segments.pop()!;
  let current = target;
  for (const segment of segments) {
    const next = current[segment];
    if (!isObject(next)) {
      if (value === undefined) return;
      current[segment] = {};
    }
    current = current[segment] as Json;
  }
  if (value === undefined) delete current[last];
  else current[last] = value;
}

export { isObject };
