import { describe, expect, it } from 'vitest';
import { freezeJson } from './json-freeze.ts';

describe('freezeJson', () => {
  it('freezes every level, so that no holder can change what the others read', () => {
    const shared = freezeJson({
      query: { filter: { $and: [{ visible: true }] }, sort: [{ fieldName: 'name' }] },
    });
    expect(() => {
      (shared as any).query = {};
    }).toThrow(TypeError);
    expect(() => {
      (shared.query.filter.$and as unknown[]).push({});
    }).toThrow(TypeError);
    expect(() => {
      (shared.query.sort[0] as any).order = 'DESC';
    }).toThrow(TypeError);
    expect(shared).toEqual({
      query: { filter: { $and: [{ visible: true }] }, sort: [{ fieldName: 'name' }] },
    });
  });
});
