import { describe, expect, it } from 'vitest';
import { storedInstant } from './column-field.ts';

describe('storedInstant', () => {
  it('writes an instant as date-time columns store it, whatever ISO 8601 form names it', () => {
    expect(storedInstant('2026-11-23T02:49:30Z')).toBe('2026-11-23T02:49:30.000Z');
    expect(storedInstant('2024-01-01T04:00:00.000+02:00')).toBe('2024-01-01T02:00:00.000Z');
    expect(storedInstant('2024-01-01T23:30:00-05:00')).toBe('2024-01-02T04:30:00.000Z');
    expect(storedInstant('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
  });

  it('leaves what names no instant as written: days the calendar lacks, partial text, other values', () => {
    for (const value of ['2024-02-30', '2023-02-29T10:00Z', '2024-01-01T24:00Z', '2027', 'soon', 42, true])
      expect(storedInstant(value)).toBe(value);
  });
});
