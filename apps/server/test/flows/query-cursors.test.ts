import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestSite } from '../build-test-app.ts';
import { engines } from '../engines.ts';
import { createProduct, R, tShirt, W } from './stores-fixtures.ts';

/** Cursor paging over HTTP: keyset cursors that hold their place while products come and go. */
describe.each(engines)('cursor paging (%s)', (engine) => {
  let t: TestApp;
  let site: TestSite;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    site = await t.createSite();
  });
  afterAll(() => t.close());

  const queryProducts = async (auth: string, query: Record<string, unknown>) =>
    t.call({ method: 'POST', url: `${R}/products/query-platformized`, auth, payload: { query } });

  const page = async (auth: string, query: Record<string, unknown>) => {
    const response = await queryProducts(auth, query);
    expect(response.statusCode, response.body).toBe(200);
    return {
      names: (response.data.products as Array<{ name: string }>).map((product) => product.name),
      metadata: response.data.metadata as {
        count: number;
        total: number;
        hasNext: boolean;
        cursors: { next?: string; prev?: string };
      },
    };
  };

  const product = (name: string, price: number, visible = true) =>
    createProduct(t, site, tShirt({ name, priceData: { price }, visible, productOptions: [] }));

  it('pages by a non-unique price, descending, with no row repeated or skipped as products come and go', async () => {
    const ids = new Map<string, string>();
    for (let i = 0; i < 9; i++) {
      const created = await product(`Lamp ${i}`, 10 + (i % 3));
      ids.set(created.name, created.id);
    }
    await product('Hidden lamp', 11, false);
    const visitor = await site.token('visitor');
    const sort = [{ fieldName: 'priceData.price', order: 'DESC' }];
    const first = await page(visitor, { sort, cursorPaging: { limit: 4 } });
    expect(first.metadata).toMatchObject({ count: 4, total: 9, hasNext: true });
    expect(first.metadata.cursors.prev).toBeUndefined();
    expect(first.names).toEqual(expect.arrayContaining(['Lamp 2', 'Lamp 5', 'Lamp 8']));

    // Between pages: one added before the cursor, one after it; one already seen and one not yet seen removed.
    await product('Lamp new expensive', 99);
    await product('Lamp new cheap', 1);
    const seenGone = ids.get(first.names[0]!)!;
    const unseenGone = ids.get('Lamp 0')!;
    for (const id of [seenGone, unseenGone]) {
      const removed = await t.call({ method: 'DELETE', url: `${W}/products/${id}`, auth: site.adminKey });
      expect(removed.statusCode, removed.body).toBe(200);
    }

    const second = await page(visitor, { cursorPaging: { cursor: first.metadata.cursors.next } });
    const third = await page(visitor, { cursorPaging: { cursor: second.metadata.cursors.next } });
    expect(third.metadata.hasNext).toBe(false);
    expect(third.metadata.cursors.next).toBeUndefined();
    const all = [...first.names, ...second.names, ...third.names];
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain('Lamp 0');
    expect(all).not.toContain('Lamp new expensive');
    expect(all).not.toContain('Hidden lamp');
    expect(all.at(-1)).toBe('Lamp new cheap');
    const expected = ['Lamp 1', 'Lamp 2', 'Lamp 3', 'Lamp 4', 'Lamp 5', 'Lamp 6', 'Lamp 7', 'Lamp 8'];
    for (const name of expected) expect(all).toContain(name);

    // Back from the third page: the rows of the second, as they are now.
    const back = await page(visitor, { cursorPaging: { cursor: third.metadata.cursors.prev, limit: 4 } });
    expect(back.names).toEqual(second.names);
    expect(back.metadata.hasNext).toBe(true);
  });

  it('answers a forged, garbled or foreign cursor with a 400 and the envelope', async () => {
    const admin = site.adminKey;
    await product('Desk lamp', 5);
    await product('Wall lamp', 6);
    const start = await page(admin, {
      sort: [{ fieldName: 'name', order: 'ASC' }],
      cursorPaging: { limit: 1 },
    });
    const cursor = start.metadata.cursors.next!;
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const forged = (change: Record<string, unknown>) =>
      Buffer.from(JSON.stringify({ ...decoded, ...change })).toString('base64url');

    const coupons = await t.call({
      method: 'POST',
      url: '/plaza/v1/coupons/query',
      auth: admin,
      payload: { query: { cursorPaging: { limit: 1, cursor } } },
    });
    const wrongCount = await queryProducts(admin, { cursorPaging: { cursor: forged({ after: ['x'] }) } });
    const wrongKind = await queryProducts(admin, {
      cursorPaging: { cursor: forged({ after: decoded.after.map(() => 12.5) }) },
    });
    const nul = await queryProducts(admin, {
      cursorPaging: { cursor: forged({ after: [...decoded.after.slice(0, -1), 'a\u0000'] }) },
    });
    const garbled = await queryProducts(admin, { cursorPaging: { cursor: `${cursor.slice(0, -6)}@@` } });
    const alongside = await queryProducts(admin, {
      filter: { name: 'Desk lamp' },
      cursorPaging: { cursor },
    });
    const answers = { coupons, wrongCount, wrongKind, nul, garbled };
    for (const [name, response] of Object.entries(answers)) {
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.data.details.validationError.fieldViolations[0]).toMatchObject({
        field: 'query.cursorPaging.cursor',
        violatedRule: 'FORMAT',
      });
    }
    expect(coupons.data.details.validationError.fieldViolations[0].description).toContain('another list');
    expect(alongside.statusCode, alongside.body).toBe(400);
    expect(alongside.data.details.validationError.fieldViolations[0].field).toBe('query.filter');
  });
});
