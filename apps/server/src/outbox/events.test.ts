import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import { documentStore } from '../db/documents.ts';
import { cartKind } from '../domains/ecom/store.ts';
import { manualClock } from '../lib/clock.ts';
import { recordEntityEvent } from './outbox.ts';

// The OAuth apps table is a plain document table: a scratch kind of entity.
const noteKind = { table: 'oauth_apps', entity: 'note', label: 'Note', notFoundCode: 'NOTE_NOT_FOUND' };

describe.each(engines)('domain events written with a change (%s)', (engine) => {
  let database: TestDatabase;
  const clock = manualClock('2026-05-01T10:00:00.000Z');

  beforeAll(async () => {
    database = await freshDatabase(engine);
  });
  afterAll(() => database.dispose());

  const eventsOf = async (entityId: string) =>
    (
      await database.db
        .selectFrom('outbox')
        .select(['event', 'payload'])
        .where('entity_id', '=', entityId)
        .orderBy('seq')
        .execute()
    ).map((row) => ({ event: row.event, payload: JSON.parse(row.payload) as Record<string, unknown> }));

  it('names a cart in its updated events instead of writing it again, and carries it when created', async () => {
    const carts = documentStore(database, cartKind, { clock }).forSite('site-1');
    const lineItems = Array.from({ length: 20 }, (_, i) => ({ id: `line-${i}`, name: 'x'.repeat(100) }));
    const cart = await carts.create({ ownerKey: 'visitor:a', lineItems });
    const read = (await carts.get<{ lineItems: unknown[] }>(cart.id))!;
    read.lineItems.pop();
    // Outside a transaction: on SQLite through group commit (db/sqlite-direct.ts).
    await carts.replace(read);
    await carts.update(cart.id, { lineItems: [] });
    await carts.delete(cart.id);

    const events = await eventsOf(cart.id);
    expect(events.map((e) => e.event)).toEqual(['created', 'updated', 'updated', 'deleted']);
    expect(events[0]!.payload).toEqual({ entity: cart });
    expect(events.slice(1).map((e) => e.payload)).toEqual([
      { entity: { id: cart.id, revision: '2' } },
      { entity: { id: cart.id, revision: '3' } },
      { id: cart.id, revision: '3' },
    ]);
  });

  it('carries every other entity whole in its updated events, and its last revision when deleted', async () => {
    const notes = documentStore(database, noteKind, { clock }).forSite('site-1');
    const note = await notes.create({ name: 'first' });
    const updated = await notes.update(note.id, { name: 'second' });
    await notes.delete(note.id);
    expect((await eventsOf(note.id)).map((e) => e.payload)).toEqual([
      { entity: note },
      { entity: updated },
      { id: note.id, revision: '2' },
    ]);
  });

  it('records a named event with the change it names, or not at all', async () => {
    const notes = documentStore(database, noteKind, { clock });
    const paid = await database.db.transaction().execute(async (trx) => {
      const note = await notes.forSite('site-2', trx).create({ name: 'paid' });
      await recordEntityEvent(trx, 'site-2', 'note', 'paid', note);
      return note;
    });
    expect(await eventsOf(paid.id)).toEqual([
      { event: 'created', payload: { entity: paid } },
      { event: 'paid', payload: { entity: paid } },
    ]);

    let doomed = '';
    await expect(
      database.db.transaction().execute(async (trx) => {
        const note = await notes.forSite('site-2', trx).create({ name: 'doomed' });
        doomed = note.id;
        await recordEntityEvent(trx, 'site-2', 'note', 'paid', note);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await eventsOf(doomed)).toEqual([]);
  });
});
