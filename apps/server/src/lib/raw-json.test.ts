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

  it('makes the answer of a page once, and again when the key, the rest or the page is another', () => {
    const page = ['{"n":1}', '{"n":2}'];
    const first = wrapRawList('items', page, { metadata: { total: 2 } });
    expect(wrapRawList('items', page, { metadata: { total: 2 } })).toBe(first);

    const recounted = wrapRawList('items', page, { metadata: { total: 3 } });
    expect(recounted).not.toBe(first);
    expect(JSON.parse(Buffer.from(recounted.text as Uint8Array).toString('utf8'))).toEqual({
      items: [{ n: 1 }, { n: 2 }],
      metadata: { total: 3 },
    });
    const renamed = wrapRawList('things', page, { metadata: { total: 3 } });
    expect(Buffer.from(renamed.text as Uint8Array).toString('utf8')).toBe(
      '{"things":[{"n":1},{"n":2}],"metadata":{"total":3}}',
    );
    const reread = wrapRawList('things', [...page, '{"n":3}'], { metadata: { total: 3 } });
    expect(Buffer.from(reread.text as Uint8Array).toString('utf8')).toBe(
      '{"things":[{"n":1},{"n":2},{"n":3}],"metadata":{"total":3}}',
    );
  });

  it('joins pieces into exactly their bytes', () => {
    const pieces = ['a', 'é', '', '🍰', 'z'];
    expect(Buffer.compare(utf8Join(pieces), Buffer.from(pieces.join(''), 'utf8'))).toBe(0);
  });
});
