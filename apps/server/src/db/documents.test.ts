import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import { cartKind, orderKind } from '../domains/ecom/store.ts';
import { productKind } from '../domains/stores/kinds.ts';
import { manualClock } from '../lib/clock.ts';
import { ValidationError } from '../lib/errors.ts';
import { createOutboxDispatcher } from '../outbox/dispatcher.ts';
import type { DomainEvent } from '../outbox/outbox.ts';
import { documentStore, parseMask } from './documents.ts';

interface Note {
  name: string;
  body?: string;
  tags?: string[];
  nested?: { a?: number; b?: number };
}

// The OAuth apps table is a plain document table: reuse it as a scratch kind.
const noteKind = {
  table: 'oauth_apps',
  entity: 'note',
  label: 'Note',
  notFoundCode: 'NOTE_NOT_FOUND',
} as const;

/** The same scratch kind, with its pages and totals remembered. */
const cachedNoteKind = { ...noteKind, cachePages: true } as const;

describe.each(engines)('document store (%s)', (engine) => {
  let database: TestDatabase;
  const clock = manualClock('2026-03-01T10:00:00.000Z');
  let store: ReturnType<typeof documentStore>;
  let cached: ReturnType<typeof documentStore>;

  beforeAll(async () => {
    database = await freshDatabase(engine, { shared: true });
    store = documentStore(database, noteKind, { clock });
    cached = documentStore(database, cachedNoteKind, { clock });
  });
  afterAll(() => database.dispose());

  const outboxRows = () => database.db.selectFrom('outbox').selectAll().orderBy('seq').execute();

  it('creates with system fields and records a created event in the same transaction', async () => {
    const before = (await outboxRows()).length;
    const note = await store.forSite('site-1').create<Note>({ name: 'first', tags: ['a'] });
    expect(note).toMatchObject({
      name: 'first',
      revision: '1',
      createdDate: '2026-03-01T10:00:00.000Z',
      updatedDate: '2026-03-01T10:00:00.000Z',
    });
    expect(note.id).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await outboxRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      site_id: 'site-1',
      entity_kind: 'note',
      entity_id: note.id,
      event: 'created',
    });
    expect(JSON.parse(rows.at(-1)!.payload)).toEqual({ entity: note });
  });

  it('ignores system fields a caller tries to set', async () => {
    const note = await store
      .forSite('site-1')
      .create({ name: 'x', revision: '99', createdDate: '1999-01-01T00:00:00.000Z' } as never);
    expect(note).toMatchObject({ revision: '1', createdDate: '2026-03-01T10:00:00.000Z' });
  });

  it('updates top-level fields without a mask and only masked paths with one', async () => {
    const notes = store.forSite('site-1');
    const note = await notes.create<Note>({ name: 'n', body: 'b', nested: { a: 1, b: 2 } });
    clock.advance(1000);
    const replaced = await notes.update<Note>(note.id, { body: 'new', name: 'renamed' });
    expect(replaced).toMatchObject({
      name: 'renamed',
      body: 'new',
      nested: { a: 1, b: 2 },
      revision: '2',
      updatedDate: '2026-03-01T10:00:01.000Z',
    });
    const masked = await notes.update<Note>(
      note.id,
      { name: 'ignored', nested: { a: 5 } },
      { mask: ['nested.a', 'body'] },
    );
    expect(masked).toMatchObject({ name: 'renamed', nested: { a: 5, b: 2 }, revision: '3' });
    expect(masked.body).toBeUndefined();
    expect(await notes.get(note.id)).toEqual(masked);
  });

  it('refuses a stale expected revision with 409 and changes nothing', async () => {
    const notes = store.forSite('site-1');
    const note = await notes.create<Note>({ name: 'v1' });
    await notes.update(note.id, { name: 'v2' }, { expectedRevision: '1' });
    await expect(notes.update(note.id, { name: 'v3' }, { expectedRevision: '1' })).rejects.toMatchObject({
      status: 409,
      code: 'REVISION_MISMATCH',
    });
    expect(await notes.get<Note>(note.id)).toMatchObject({ name: 'v2', revision: '2' });
  });

  it('replaces a document as read and changed, without reading it again, and refuses a stale one', async () => {
    const notes = store.forSite('site-1');
    const read = (await notes.get<Note>((await notes.create<Note>({ name: 'v1', body: 'gone soon' })).id))!;
    const stale = structuredClone(read);
    read.name = 'v2';
    delete read.body;
    clock.advance(1000);
    const written = await notes.replace(read);
    expect(written).toMatchObject({ name: 'v2', revision: '2', createdDate: stale.createdDate });
    expect(written.updatedDate).not.toBe(stale.updatedDate);
    const stored = await notes.get<Note>(read.id);
    expect(stored).toEqual(written);
    expect(stored).not.toHaveProperty('body');
    const last = (await outboxRows()).at(-1)!;
    expect(last).toMatchObject({ event: 'updated', entity_id: read.id });
    expect(JSON.parse(last.payload)).toEqual({ entity: written });

    stale.name = 'lost update';
    await expect(notes.replace(stale)).rejects.toMatchObject({ status: 409, code: 'REVISION_MISMATCH' });
    expect(await notes.get<Note>(read.id)).toMatchObject({ name: 'v2', revision: '2' });
    await notes.delete(read.id);
    await expect(notes.replace(written)).rejects.toMatchObject({ status: 404, code: 'NOTE_NOT_FOUND' });
    await expect(store.forSite('site-2').replace(stored!)).rejects.toMatchObject({ status: 404 });
  });

  it('keeps column fields in step with the document through updates and replaces', async () => {
    const carts = documentStore(database, cartKind, { clock }).forSite('site-8');
    const owned = (owner: string) => carts.query({ filter: { ownerKey: owner } });
    const cart = await carts.create({ ownerKey: 'visitor:a', lineItems: [] as string[] });
    await carts.update(cart.id, { lineItems: ['x'] });
    expect((await owned('visitor:a')).items).toHaveLength(1);
    await carts.update(cart.id, { ownerKey: 'member:b' });
    expect((await owned('visitor:a')).items).toHaveLength(0);
    const moved = (await carts.get<{ ownerKey: string; lineItems: string[] }>(cart.id))!;
    expect(moved).toMatchObject({ ownerKey: 'member:b', lineItems: ['x'] });
    moved.lineItems.push('y');
    await carts.replace(moved, { unchanged: ['ownerKey'] });
    moved.ownerKey = 'member:c';
    await carts.replace(moved);
    expect((await owned('member:b')).items).toHaveLength(0);
    expect((await owned('member:c')).items.map((text) => JSON.parse(text))).toMatchObject([
      { ownerKey: 'member:c', lineItems: ['x', 'y'], revision: '5' },
    ]);
  });

  it('scopes every statement by site', async () => {
    const note = await store.forSite('site-1').create<Note>({ name: 'private' });
    const other = store.forSite('site-2');
    expect(await other.get(note.id)).toBeUndefined();
    await expect(other.update(note.id, { name: 'stolen' })).rejects.toMatchObject({
      status: 404,
      code: 'NOTE_NOT_FOUND',
    });
    expect(await other.delete(note.id)).toBe(false);
    expect(await other.count({ id: note.id })).toBe(0);
    expect((await other.query({ filter: { id: note.id } })).items).toEqual([]);
    expect(await store.forSite('site-1').get<Note>(note.id)).toMatchObject({ name: 'private' });
  });

  it('deletes and records the deleted event', async () => {
    const notes = store.forSite('site-3');
    const note = await notes.create<Note>({ name: 'bye' });
    expect(await notes.delete(note.id)).toBe(true);
    expect(await notes.get(note.id)).toBeUndefined();
    expect(await notes.delete(note.id)).toBe(false);
    const last = (await outboxRows()).at(-1)!;
    expect(last).toMatchObject({ event: 'deleted', entity_id: note.id, site_id: 'site-3' });
  });

  it('rolls back the change and its event together', async () => {
    const notes = store.forSite('site-4');
    const before = (await outboxRows()).length;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await store.forSite('site-4', trx).create<Note>({ name: 'doomed' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await notes.count({})).toBe(0);
    expect((await outboxRows()).length).toBe(before);
  });

  it('queries with filter, sort and paging metadata including total', async () => {
    const notes = store.forSite('site-5');
    for (const name of ['c', 'a', 'b', 'e', 'd']) {
      clock.advance(1000);
      await notes.create<Note>({ name });
    }
    const page = await notes.query({
      filter: { name: { $in: ['a', 'b', 'c', 'd'] } },
      sort: [{ fieldName: 'name', order: 'DESC' }],
      paging: { limit: 2, offset: 1 },
    });
    expect(page.items.map((text) => (JSON.parse(text) as Note).name)).toEqual(['c', 'b']);
    expect(page.metadata).toMatchObject({ count: 2, offset: 1, total: 4 });
    const newest = await notes.query({
      sort: [{ fieldName: 'createdDate', order: 'DESC' }],
      paging: { limit: 1 },
    });
    expect(JSON.parse(newest.items[0]!).name).toBe('d');
  });

  it('keeps remembered totals current across writes, inside and outside transactions', async () => {
    const notes = cached.forSite('site-6');
    const query = { sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 1 } };
    const total = async () => (await notes.query(query)).metadata.total;
    for (const name of ['a', 'b', 'c']) await notes.create<Note>({ name });
    expect(await total()).toBe(3);
    expect(await total()).toBe(3); // remembered
    const extra = await notes.create<Note>({ name: 'd' });
    expect(await total()).toBe(4);
    await notes.update(extra.id, { name: 'dd' });
    expect(await total()).toBe(4);
    await notes.delete(extra.id);
    expect(await total()).toBe(3);
    await database.db.transaction().execute(async (trx) => {
      const inside = cached.forSite('site-6', trx);
      await inside.create<Note>({ name: 'e' });
      expect((await inside.query(query)).metadata.total).toBe(4);
    });
    expect(await total()).toBe(4);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await cached.forSite('site-6', trx).create<Note>({ name: 'f' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await total()).toBe(4);
  });

  it('answers remembered pages as stored now: at once after its own writes, once past the TTL after another process writes, kept while nothing is written', async () => {
    const notes = cached.forSite('site-8');
    const query = { sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 10 } };
    const names = async (from = notes) =>
      (await from.query(query)).items.map((text) => (JSON.parse(text) as Note).name);
    const first = await notes.create<Note>({ name: 'a' });
    expect(await names()).toEqual(['a']);
    expect(await names()).toEqual(['a']); // remembered
    await notes.create<Note>({ name: 'b' });
    expect(await names()).toEqual(['a', 'b']);
    await notes.update(first.id, { name: 'c' });
    expect(await names()).toEqual(['b', 'c']);
    await database.db.transaction().execute(async (trx) => {
      await cached.forSite('site-8', trx).create<Note>({ name: 'd' });
      expect(await names(cached.forSite('site-8', trx))).toEqual(['b', 'c', 'd']);
    });
    expect(await names()).toEqual(['b', 'c', 'd']);

    // Nothing written for over a second: SQLite tells that no other connection committed, and the page
    // is kept (the same array); PostgreSQL cannot, and reads it again.
    const before = (await notes.query(query)).items;
    clock.advance(1001);
    const after = (await notes.query(query)).items;
    expect(after).toEqual(before);
    expect(after === before).toBe(engine === 'sqlite');

    // Another server process: its own connection to the same data, its own write log. Its write is
    // unseen while the page is within its second, and seen once the clock has moved past it.
    const elsewhere = documentStore(await database.another(), cachedNoteKind, { clock }).forSite('site-8');
    await elsewhere.create<Note>({ name: 'e' });
    expect(await names()).toEqual(['b', 'c', 'd']);
    clock.advance(1001);
    expect(await names()).toEqual(['b', 'c', 'd', 'e']);
    expect((await notes.query(query)).metadata.total).toBe(4);
  });

  it("reads a kind that does not remember pages afresh: another process's write is seen at once", async () => {
    const notes = store.forSite('site-10');
    const query = { sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 1 } };
    const read = async () => {
      const page = await notes.query(query);
      return { names: page.items.map((text) => (JSON.parse(text) as Note).name), total: page.metadata.total };
    };
    const first = await notes.create<Note>({ name: 'a' });
    expect(await read()).toEqual({ names: ['a'], total: 1 });
    expect(await read()).toEqual({ names: ['a'], total: 1 });
    const elsewhere = documentStore(await database.another(), noteKind, { clock }).forSite('site-10');
    await elsewhere.create<Note>({ name: 'b' });
    expect(await read()).toEqual({ names: ['a'], total: 2 });
    await elsewhere.update(first.id, { name: 'c' });
    expect(await read()).toEqual({ names: ['b'], total: 2 });
  });

  it('remembers product pages only: an order written elsewhere is listed at once, a product once the TTL has passed', async () => {
    expect(productKind.cachePages).toBe(true);
    const other = await database.another();
    const order = (number: string) => ({
      number,
      checkoutId: `checkout-${number}`,
      status: 'APPROVED',
      paymentStatus: 'PAID',
    });
    const orders = documentStore(database, orderKind, { clock }).forSite('site-11');
    const ordersElsewhere = documentStore(other, orderKind, { clock }).forSite('site-11');
    const orderQuery = { sort: [{ fieldName: 'number', order: 'ASC' }], paging: { limit: 1 } };
    const orderTotal = async () => (await orders.query(orderQuery)).metadata.total;
    await orders.create(order('1'));
    expect(await orderTotal()).toBe(1);
    await ordersElsewhere.create(order('2'));
    expect(await orderTotal()).toBe(2);

    const product = (name: string) => ({
      name,
      slug: name,
      priceData: { price: 10 },
      visible: true,
      productType: 'physical',
      lastUpdated: clock.now().toISOString(),
    });
    const products = documentStore(database, productKind, { clock }).forSite('site-11');
    const productsElsewhere = documentStore(other, productKind, { clock }).forSite('site-11');
    const productQuery = { sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 1 } };
    const productPage = async () => {
      const page = await products.query(productQuery);
      return {
        names: page.items.map((text) => (JSON.parse(text) as { name: string }).name),
        total: page.metadata.total,
      };
    };
    await products.create(product('b'));
    expect(await productPage()).toEqual({ names: ['b'], total: 1 });
    await productsElsewhere.create(product('a'));
    clock.advance(999);
    expect(await productPage()).toEqual({ names: ['b'], total: 1 });
    clock.advance(2);
    expect(await productPage()).toEqual({ names: ['a'], total: 2 });
  });

  it('takes the total of a page that is not full from the page', async () => {
    const notes = store.forSite('site-7');
    for (const name of ['a', 'b', 'c']) await notes.create<Note>({ name });
    const all = await notes.query({ sort: [{ fieldName: 'name' }], paging: { limit: 10 } });
    expect(all.metadata).toMatchObject({ count: 3, total: 3 });
    const rest = await notes.query({ sort: [{ fieldName: 'name' }], paging: { limit: 2, offset: 2 } });
    expect(rest.items.map((text) => (JSON.parse(text) as Note).name)).toEqual(['c']);
    expect(rest.metadata).toMatchObject({ count: 1, offset: 2, total: 3 });
    const past = await notes.query({ sort: [{ fieldName: 'name' }], paging: { limit: 2, offset: 5 } });
    expect(past.metadata).toMatchObject({ count: 0, offset: 5, total: 3 });
  });

  it('refuses bad queries as validation errors', async () => {
    await expect(store.forSite('site-5').query({ filter: { name: { $regex: 'x' } } })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('hands events to subscribers in order', async () => {
    const dispatcher = createOutboxDispatcher(database, { clock, log: { error: () => {} } });
    await dispatcher.dispatchPending(); // drain what earlier tests wrote
    const seen: DomainEvent[] = [];
    dispatcher.subscribe('note', '*', (event) => {
      seen.push(event);
    });
    const notes = store.forSite('site-6');
    const note = await notes.create<Note>({ name: 'watched' });
    await notes.update(note.id, { name: 'changed' });
    await notes.delete(note.id);
    expect(await dispatcher.dispatchPending()).toBe(3);
    expect(seen.map((event) => event.event)).toEqual(['created', 'updated', 'deleted']);
    expect(seen[1]!.payload).toMatchObject({ entity: { name: 'changed', revision: '2' } });
    expect(await dispatcher.dispatchPending()).toBe(0);
    await dispatcher.stop();
  });
});

describe('parseMask', () => {
  it('accepts comma-joined strings and arrays', () => {
    expect(parseMask('name, priceData.price')).toEqual(['name', 'priceData.price']);
    expect(parseMask(['a', 'b.c'])).toEqual(['a', 'b.c']);
    expect(parseMask(undefined)).toBeUndefined();
  });
  it('refuses malformed paths', () => {
    expect(() => parseMask('name;drop table')).toThrow(ValidationError);
  });
  it('refuses paths that lead into a prototype', () => {
    for (const mask of ['__proto__.toString', 'name,constructor.prototype.x', ['prototype']]) {
      expect(() => parseMask(mask)).toThrow(ValidationError);
    }
  });
});
