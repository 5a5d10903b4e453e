/** Values the query language compares directly; paths stop at them. */
type Leaf = string | number | boolean | bigint | Date | null | undefined;
/** Depth counter: nested paths stop after four levels to keep the compiler fast. */
type Shallower = [never, 0, 1, 2, 3];

/**
 * Dotted field paths of an item type: `'name'`, `'priceData.price'`, `'createdDate'` …
 * Arrays are paths themselves (for `hasSome`/`hasAll`); open records accept any string.
 */
export type FieldPath<T, Depth extends number = 4> = [Depth] extends [never]
  ? never
  : T extends Leaf | readonly unknown[]
    ? never
    : {
        [K in keyof T & string]:
          | K
          | (NonNullable<T[K]> extends Leaf | readonly unknown[]
              ? never
              : `${K}.${FieldPath<NonNullable<T[K]>, Shallower[Depth]>}`);
      }[keyof T & string];

/** The type at a dotted path (`unknown` where the item type is open). */
export type FieldValue<T, P extends string> = P extends keyof T
  ? NonNullable<T[P]>
  : P extends `${infer Head}.${infer Rest}`
    ? Head extends keyof T
      ? FieldValue<NonNullable<T[Head]>, Rest>
      : unknown
    : unknown;

/** Timestamps may be given as `Date` or ISO text. */
export type Comparable<V> = V extends Date ? Date | string : V;

/** The element type of an array field (the field type itself otherwise). */
export type ElementOf<V> = V extends readonly (infer E)[] ? E : V;
