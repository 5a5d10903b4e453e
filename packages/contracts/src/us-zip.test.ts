import { describe, expect, it } from 'vitest';
import { usZipMatchesState } from './us-zip.ts';

describe('US ZIP codes and states', () => {
  it('accepts a ZIP code of the state, with or without ZIP+4 and the US- prefix', () => {
    expect(usZipMatchesState('94103', 'US-CA')).toBe(true);
    expect(usZipMatchesState('94103-1234', 'CA')).toBe(true);
    expect(usZipMatchesState('10001', 'US-NY')).toBe(true);
    expect(usZipMatchesState('02134', 'US-MA')).toBe(true);
    expect(usZipMatchesState('05501', 'US-MA')).toBe(true);
    expect(usZipMatchesState('20500', 'US-DC')).toBe(true);
    expect(usZipMatchesState('00901', 'US-PR')).toBe(true);
    // Austin's 733 among Oklahoma's prefixes, El Paso's 885 among New Mexico's.
    expect(usZipMatchesState('73301', 'US-TX')).toBe(true);
    expect(usZipMatchesState('88510', 'US-TX')).toBe(true);
  });

  it('refuses a ZIP code of another state', () => {
    expect(usZipMatchesState('10001', 'US-CA')).toBe(false);
    expect(usZipMatchesState('94103', 'US-NY')).toBe(false);
    expect(usZipMatchesState('73301', 'US-CA')).toBe(false);
    expect(usZipMatchesState('05501', 'US-VT')).toBe(true);
  });

  it('says nothing when a part is missing, malformed or not a known state', () => {
    expect(usZipMatchesState(undefined, 'US-CA')).toBe(true);
    expect(usZipMatchesState('94103', undefined)).toBe(true);
    expect(usZipMatchesState('9410', 'US-CA')).toBe(true);
    expect(usZipMatchesState('94103', 'US-XX')).toBe(true);
  });
});
