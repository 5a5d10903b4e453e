import { describe, expect, it } from 'vitest';
import { getPath, setPath } from './paths.ts';

describe('dotted paths', () => {
  it('reads one field and nested fields, and nothing through a non-object', () => {
    const source = { id: 'p1', priceData: { price: 5 }, tags: ['a'] };
    expect(getPath(source, 'id')).toBe('p1');
    expect(getPath(source, 'priceData.price')).toBe(5);
    expect(getPath(source, 'missing')).toBeUndefined();
    expect(getPath(source, 'id.length')).toBeUndefined();
    expect(getPath(source, 'tags.0')).toBeUndefined();
    expect(getPath('text', 'length')).toBeUndefined();
    expect(getPath(null, 'id')).toBeUndefined();
  });

  it('sets one field and nested fields, making objects on the way; undefined removes', () => {
    const target: Record<string, unknown> = { id: 'p1', priceData: { price: 5 } };
    setPath(target, 'name', 'Mug');
    setPath(target, 'priceData.currency', 'USD');
    setPath(target, 'stock.quantity', 3);
    expect(target).toEqual({
      id: 'p1',
      name: 'Mug',
      priceData: { price: 5, currency: 'USD' },
      stock: { quantity: 3 },
    });
    setPath(target, 'id', undefined);
    setPath(target, 'priceData.price', undefined);
    setPath(target, 'absent.deep', undefined);
    expect(target).toEqual({ name: 'Mug', priceData: { currency: 'USD' }, stock: { quantity: 3 } });
  });

  it('never follows a path into a prototype, to read, write or remove', () => {
    const target: Record<string, unknown> = { name: 'Mug' };
    setPath(target, '__proto__.polluted', 1);
    setPath(target, 'constructor.prototype.polluted', 1);
    setPath(target, '__proto__', { polluted: 1 });
    setPath(target, '__proto__.toString', undefined);
    expect('polluted' in Object.prototype).toBe(false);
    expect(typeof Object.prototype.toString).toBe('function');
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(target).toEqual({ name: 'Mug' });
    expect(getPath(target, 'constructor')).toBeUndefined();
    expect(getPath(target, '__proto__')).toBeUndefined();
    expect(getPath(target, 'name.constructor')).toBeUndefined();
    expect(getPath({ a: {} }, 'a.__proto__.toString')).toBeUndefined();
  });
});
