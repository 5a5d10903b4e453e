import { describe, expect, it } from 'vitest';
import { utf8Join, wrapRaw, wrapRawList } from './raw-json.ts';

describe('raw JSON', () => {
  it('writes stored documents as UTF-8, whatever characters they hold', () => {
    const docs = ['{"name":"plain"}', '{"name":"Crème brûlée ☕ 🍰"}', '{}'];
    const list = wrapRawList('items', docs, { metadata: { count: 3 } });
    const text = Buffer.from(list.text as Uint8Array).toString('utf8');
    expect(JSON.parse(text)).toEqual({
      items: [{ name: 'plain' }, { name: 'Crème brûlée ☕ 🍰' }, {}],
      metadata: { count: 3 },
    });
    expect(JSON.parse(Buffer.from(wrapRaw('item', docs[1]!).text as Uint8Array).toString('utf8'))).toEqual({
      item: { name: 'Crème brûlée ☕ 🍰' },
    });
    expect(Buffer.from(wrapRawList('items', []).text as Uint8Array).toString('utf8')).toBe('{"items":[]}');
  });

  it('joins pieces into exactly their bytes', () => {
    const pieces = ['a', 'é', '', '🍰', 'z'];
    expect(Buffer.compare(utf8Join(pieces), Buffer.from(pieces.join(''), 'utf8'))).toBe(0);
  });
});
