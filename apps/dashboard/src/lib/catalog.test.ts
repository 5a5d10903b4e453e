import { describe, expect, it } from 'vitest';
import {
  bulkFailures,
  draftsOf,
  optionsOf,
  parseAmount,
  parseQuantity,
  sameOptions,
  variantCount,
  variantLabel,
} from './catalog.ts';

describe('parseAmount and parseQuantity', () => {
  it('reads what an owner types, and tells empty from wrong', () => {
    expect(parseAmount('12')).toBe(12);
    expect(parseAmount(' 12.50 ')).toBe(12.5);
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount('')).toBeUndefined();
    expect(parseAmount('twelve')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('-5', true)).toBe(-5);
    expect(parseAmount('1e3')).toBeNull();
    expect(parseQuantity('7')).toBe(7);
    expect(parseQuantity('')).toBeUndefined();
    expect(parseQuantity('2.5')).toBeNull();
    expect(parseQuantity('-1')).toBeNull();
  });
});

describe('options typed as drafts', () => {
  const drafts = [
    { name: 'Size', colour: false, choices: 'S, M,, ' },
    { name: 'Colour', colour: true, choices: 'Red,Blue' },
    { name: ' ', colour: false, choices: '' },
  ];

  it('become the API options, leaving empty drafts and empty choices out', () => {
    expect(optionsOf(drafts)).toEqual([
      {
        optionType: 'drop_down',
        name: 'Size',
        choices: [
          { value: 'S', description: 'S' },
          { value: 'M', description: 'M' },
        ],
      },
      {
        optionType: 'color',
        name: 'Colour',
        choices: [
          { value: 'Red', description: 'Red' },
          { value: 'Blue', description: 'Blue' },
        ],
      },
    ]);
    expect(variantCount(drafts)).toBe(4);
    expect(variantCount([])).toBe(1);
  });

  it('round-trip a product’s options, and tell a change from none', () => {
    const options = [
      {
        optionType: 'color' as const,
        name: 'Colour',
        choices: [
          { value: '#ff0000', description: 'Red' },
          { value: '#0000ff', description: 'Blue' },
        ],
      },
    ];
    const back = draftsOf(options);
    expect(back).toEqual([{ name: 'Colour', colour: true, choices: 'Red, Blue' }]);
    expect(sameOptions(back, options)).toBe(true);
    expect(sameOptions([{ ...back[0]!, choices: 'Red, Blue, Green' }], options)).toBe(false);
    expect(sameOptions([{ ...back[0]!, colour: false }], options)).toBe(false);
    expect(sameOptions([], options)).toBe(false);
  });

  it('names variants by their choices', () => {
    expect(variantLabel({ Size: 'S', Colour: 'Red' })).toBe('S / Red');
    expect(variantLabel({})).toBe('Default');
  });
});

describe('bulkFailures', () => {
  it('lists the products a bulk call left unchanged, by name', () => {
    const failures = bulkFailures(
      {
        results: [
          { itemMetadata: { id: 'a', success: true } },
          {
            itemMetadata: { id: 'b', success: false, error: { code: 'X', description: 'price too high' } },
          },
          { itemMetadata: { id: 'c', success: false } },
        ],
        bulkActionMetadata: { totalSuccesses: 1, totalFailures: 2 },
      },
      new Map([['b', 'Mug']]),
    );
    expect(failures).toEqual([
      { name: 'Mug', message: 'price too high' },
      { name: 'c', message: 'not changed' },
    ]);
  });
});
