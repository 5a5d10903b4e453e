import { invalidField } from '../lib/errors.ts';

/**
 * Field names are dotted wire paths (`priceData.price`). Segments are restricted to letters,
 * digits and `_` so that a field name can never carry SQL or JSON-path syntax, whatever the engine.
 */
const SEGMENT = /^[A-Za-z0-9_]+$/;
export const MAX_FIELD_NAME_LENGTH = 200;
export const MAX_PATH_SEGMENTS = 10;

/** Splits and checks a field name; `location` names it in the error (`query.filter.price`). */
export function parseFieldPath(fieldName: unknown, location: string): readonly string[] {
  if (typeof fieldName !== 'string' || fieldName === '') {
    throw invalidField(location, 'Expected a field name', 'REQUIRED_FIELD');
  }
  if (fieldName.length > MAX_FIELD_NAME_LENGTH) {
    throw invalidField(
      location,
      `Field name is longer than ${MAX_FIELD_NAME_LENGTH} characters`,
      'MAX_LENGTH',
    );
  }
  const segments = fieldName.split('.');
  if (segments.length > MAX_PATH_SEGMENTS) {
    throw invalidField(location, `Field name has more than ${MAX_PATH_SEGMENTS} dotted parts`);
  }
  if (!segments.every((segment) => SEGMENT.test(segment))) {
    throw invalidField(
      location,
      `Invalid field name "${fieldName}": use dotted names made of letters, digits and _`,
      'FORMAT',
    );
  }
  return segments;
}

/** True for a segment that PostgreSQL's `#>` would read as an array index when the parent is an array. */
export const isIndexLike = (segment: string) => /^[0-9]+$/.test(segment);
