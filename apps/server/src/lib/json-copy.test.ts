import { describe, expect, it } from 'vitest';
import { copyJson, freezeJson } from './json-copy.ts';

describe('copyJson', () => {
  it('copies every level, so changing the copy leaves the original as it was', () => {
    const original = {
      id: 'c1',
      quantity: 2,
      gift: false,
      note: null,
      lines: [{ id: 'l1', ref: { options: { Size: 'M' } }, tags: ['a', 'b'] }],
    };
    const copy = copyJson(original);
    expect(copy).toEqual(original);
    copy.lines[0]!.ref.options.Size = 'L';
    copy.lines[0]!.tags.push('c');
    copy.lines.push({ id: 'l2', ref: { options: { Size: 'S' } }, tags: [] });
    expect(original.lines).toEqual([{ id: 'l1', ref: { options: { Size: 'M' } }, tags: ['a', 'b'] }]);
  });

  it('answers scalars as they are', () => {
    expect(copyJson('x')).toBe('x');
    expect(copyJson(3)).toBe(3);
    expect(copyJson(null)).toBe(null);
  });
});

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
