import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import type { Database } from '../db/connect.ts';
import type { Schema } from '../db/schema.ts';
import { manualClock } from '../lib/clock.ts';
import { type DurableConsumer, dropConsumer } from './consumers.ts';
import { createOutboxDispatcher } from './dispatcher.ts';
import { type DomainEvent, recordDomainEvent } from './outbox.ts';

const clock = manualClock('2026-05-01T10:00:00.000Z');

/** What a consumer writes of its own, through the transaction it is handed. */
const noteConsumed = (trx: Kysely<Schema>, consumer: string, event: DomainEvent) =>
  sql`insert into consumed (consumer, entity_id) values (${consumer}, ${event.entityId})`.execute(trx);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until PostgreSQL readers can read every committed event: until then a transaction of anyone's
 * on the cluster (another test file's) that began before it holds it back (outbox/reader.ts).
 */
async function settled(database: Database): Promise<void> {
  if (database.engine !== 'postgres') return;
  for (let waited = 0; waited < 30_000; waited += 20) {
    const { rows } = await sql<{ unsettled: boolean }>`select exists (select 1 from outbox
      where tx_id >= pg_snapshot_xmin(pg_current_snapshot())) as unsettled`.execute(database.db);
    if (!rows[0]!.unsettled) return;
    await pause(20);
  }
  throw new Error('outbox events still unsettled after 30 s');
}

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe.each(engines)('outbox dispatcher (%s)', (engine) => {
  let database: TestDatabase;
  const errors: unknown[] = [];
  const log = { error: (details: object) => errors.push((details as { err?: unknown }).err) };
  const dispatcherOn = (on: Database, batchSize?: number) =>
    createOutboxDispatcher(on, { clock, log, ...(batchSize ? { batchSize } : {}) });

  beforeAll(async () => {
    database = await freshDatabase(engine, { shared: true });
    await sql`create table consumed (consumer text not null, entity_id text not null)`.execute(database.db);
  });
  afterAll(() => database.dispose());
  beforeEach(async () => {
    errors.length = 0;
    await database.db.deleteFrom('outbox').execute();
    await database.db.deleteFrom('outbox_consumers').execute();
    await sql`delete from consumed`.execute(database.db);
  });

  /** Records one event per id, each in a transaction of its own. */
  const record = async (ids: string[], on: Database = database) => {
    for (const id of ids)
      await recordDomainEvent(on.db, {
        siteId: 'site-1',
        entityKind: 'thing',
        entityId: id,
        event: 'updated',
        payload: { entity: { id, revision: '1' } },
        occurredDate: clock.now().toISOString(),
      });
    await settled(on);
  };
  const consumed = async (consumer: string) =>
    (
      await sql<{ entity_id: string }>`select entity_id from consumed where consumer = ${consumer}`.execute(
        database.db,
      )
    ).rows
      .map((row) => row.entity_id)
      .sort();
  const cursorOf = async (name: string) =>
    Number(
      (
        await database.db
          .selectFrom('outbox_consumers')
          .select('last_seq')
          .where('name', '=', name)
          .executeTakeFirstOrThrow()
      ).last_seq,
    );
  const seqOf = async (entityId: string, on: Kysely<Schema> = database.db) =>
    Number(
      (
        await on
          .selectFrom('outbox')
          .select('seq')
          .where('entity_id', '=', entityId)
          .executeTakeFirstOrThrow()
      ).seq,
    );

  it('hands a durable consumer every event once, oldest first, and commits its writes with its cursor', async () => {
    const seen: string[] = [];
    const dispatcher = dispatcherOn(database, 2);
    await record(['before']);
    await dispatcher.addConsumer({
      name: 'late',
      startAt: 'newest',
      handle: async (event, trx) => {
        seen.push(event.entityId);
        await noteConsumed(trx, 'late', event);
      },
    });
    await record(['a1', 'a2', 'a3', 'a4', 'a5']);

    expect(await dispatcher.dispatchPending()).toBe(5);
    expect(seen).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(await consumed('late')).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(await cursorOf('late')).toBe(await seqOf('a5'));

    await record(['a6']);
    expect(await dispatcher.dispatchPending()).toBe(1);
    expect(seen.slice(5)).toEqual(['a6']);
    expect(errors).toEqual([]);
    await dispatcher.stop();
    await dropConsumer(database, 'late');
  });

  it('gets an event again after its handler threw: what the failed batch wrote is gone, the cursor stayed', async () => {
    const seen: string[] = [];
    let failOn: string | undefined = 'b3';
    const dispatcher = dispatcherOn(database, 2);
    await dispatcher.addConsumer({
      name: 'flaky',
      handle: async (event, trx) => {
        seen.push(event.entityId);
        await noteConsumed(trx, 'flaky', event);
        if (event.entityId === failOn) throw new Error('handler failed');
      },
    });
    await record(['b1', 'b2', 'b3', 'b4', 'b5']);

    // The first batch commits; the second fails after writing for b3: neither b3's row nor b4's stays.
    expect(await dispatcher.dispatchPending()).toBe(2);
    expect(errors).toMatchObject([{ message: 'handler failed' }]);
    expect(await consumed('flaky')).toEqual(['b1', 'b2']);
    expect(await cursorOf('flaky')).toBe(await seqOf('b2'));

    failOn = undefined;
    expect(await dispatcher.dispatchPending()).toBe(3);
    expect(seen).toEqual(['b1', 'b2', 'b3', 'b3', 'b4', 'b5']);
    expect(await consumed('flaky')).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);
    expect(await cursorOf('flaky')).toBe(await seqOf('b5'));
    await dispatcher.stop();
  });

  it('lets one process at a time move a consumer: another never handles what the first holds', async () => {
    const [first, second] = [await database.another(), await database.another()];
    // Two connections in one thread: a SQLite connection waiting for the other's lock would stop the
    // thread that holds it. Refused at once instead, as a busy consumer.
    if (engine === 'sqlite')
      for (const on of [first, second]) await sql`pragma busy_timeout = 0`.execute(on.db);
    const handled = new Map<string, string[]>();
    const held = gate();
    const entered = gate();
    const consumer = (process: string): DurableConsumer => ({
      name: 'shared',
      handle: async (event, trx) => {
        handled.set(event.entityId, [...(handled.get(event.entityId) ?? []), process]);
        await noteConsumed(trx, 'shared', event);
        if (process === 'one' && event.entityId === 'c1') {
          entered.open();
          await held.opened;
        }
        // Let the other process run between events.
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    const one = dispatcherOn(first, 5);
    const two = dispatcherOn(second, 5);
    await one.addConsumer(consumer('one'));
    await two.addConsumer(consumer('two'));
    const ids = Array.from({ length: 40 }, (_, i) => `c${i + 1}`);
    await record(ids.slice(0, 10));

    const running = one.dispatchPending();
    try {
      await entered.opened;
      expect(await two.dispatchPending()).toBe(0);
    } finally {
      held.open();
      await running;
    }

    await record(ids.slice(10));
    for (let round = 0; round < 20 && handled.size < ids.length; round++)
      await Promise.all([one.dispatchPending(), two.dispatchPending()]);

    expect([...handled.keys()].sort()).toEqual([...ids].sort());
    expect([...handled.values()].filter((by) => by.length > 1)).toEqual([]);
    expect(await consumed('shared')).toEqual([...ids].sort());
    await Promise.all([one.stop(), two.stop()]);
  });

  it('tells in-process listeners in every process what was committed since they started, once', async () => {
    const [here, there] = [dispatcherOn(database), dispatcherOn(await database.another())];
    await record(['old']);
    await Promise.all([here.dispatchPending(), there.dispatchPending()]);
    const heard = { here: [] as string[], there: [] as string[] };
    here.subscribe('thing', 'updated', (event) => {
      heard.here.push(event.entityId);
    });
    there.subscribe('*', '*', (event) => {
      heard.there.push(event.entityId);
    });
    here.subscribe('other', '*', () => {
      throw new Error('not for things');
    });
    await record(['d1', 'd2', 'd3']);

    expect(await here.dispatchPending()).toBe(3);
    expect(await there.dispatchPending()).toBe(3);
    expect(await here.dispatchPending()).toBe(0);
    expect(heard).toEqual({ here: ['d1', 'd2', 'd3'], there: ['d1', 'd2', 'd3'] });
    expect(errors).toEqual([]);
    await Promise.all([here.stop(), there.stop()]);
  });

  it.runIf(engine === 'postgres')(
    'reads in commit order: an event numbered lower that commits later is not stepped over',
    async () => {
      const seen: string[] = [];
      const dispatcher = dispatcherOn(database);
      await dispatcher.addConsumer({
        name: 'ordered',
        startAt: 'newest',
        handle: async (event) => {
          seen.push(event.entityId);
        },
      });
      /** A transaction whose steps run one at a time, each when the test calls it; it commits after the last. */
      const transaction = () => {
        type Step = (trx: Kysely<Schema>) => Promise<unknown>;
        const steps: Array<{ work: Step; go: ReturnType<typeof gate>; done: ReturnType<typeof gate> }> = [];
        let running: Promise<void> | undefined;
        return {
          step(work: Step) {
            const item = { work, go: gate(), done: gate() };
            steps.push(item);
            return async () => {
              item.go.open();
              // A step that fails ends the transaction: its error, rather than a wait for ever.
              await Promise.race([item.done.opened, running]);
            };
          },
          start() {
            running = database.db.transaction().execute(async (trx) => {
              for (const item of steps) {
                await item.go.opened;
                await item.work(trx);
                item.done.open();
              }
            });
            return running;
          },
          /** Lets every step run, so that a failed test leaves no transaction open. */
          async finish() {
            for (const item of steps) item.go.open();
            await running?.catch(() => undefined);
          },
        };
      };
      /** Dispatches until `done`: a transaction elsewhere on the cluster may hold readers back a while. */
      const until = async (done: () => boolean) => {
        for (let waited = 0; waited < 10_000 && !done(); waited += 20) {
          await dispatcher.dispatchPending();
          if (!done()) await pause(20);
        }
      };
      const seqs = new Map<string, number>();
      const event = (id: string) => async (trx: Kysely<Schema>) => {
        await recordDomainEvent(trx, {
          siteId: 'site-1',
          entityKind: 'thing',
          entityId: id,
          event: 'updated',
          payload: {},
          occurredDate: clock.now().toISOString(),
        });
        seqs.set(id, await seqOf(id, trx));
      };
      const [a, b, c, d] = [transaction(), transaction(), transaction(), transaction()];
      try {
        // A inserts first and commits last.
        const aInserts = a.step(event('e-a'));
        const aCommits = a.step(async () => {});
        const bInserts = b.step(event('e-b'));
        const [aDone, bDone] = [a.start(), b.start()];
        await aInserts();
        await bInserts();
        await bDone;
        expect(seqs.get('e-a')).toBeLessThan(seqs.get('e-b')!);
        // A seq cursor would read e-b here and step over e-a for good.
        await dispatcher.dispatchPending();
        await aCommits();
        await aDone;
        await until(() => seen.length === 2);
        expect(seen).toEqual(['e-a', 'e-b']);

        // D holds a transaction id older than C's but inserts after C: D commits first and is read
        // first; C, numbered lower, comes after it.
        const dTakesId = d.step((trx) => sql`select pg_current_xact_id()`.execute(trx));
        const cInserts = c.step(event('e-c'));
        const cCommits = c.step(async () => {});
        const dInserts = d.step(event('e-d'));
        const [cDone, dDone] = [c.start(), d.start()];
        await dTakesId();
        await cInserts();
        await dInserts();
        await dDone;
        expect(seqs.get('e-c')).toBeLessThan(seqs.get('e-d')!);
        await until(() => seen.includes('e-d'));
        expect(seen.slice(2)).toEqual(['e-d']);
        await cCommits();
        await cDone;
        await until(() => seen.includes('e-c'));
        expect(seen.slice(2)).toEqual(['e-d', 'e-c']);
        expect(errors).toEqual([]);
      } finally {
        await Promise.all([a, b, c, d].map((transaction) => transaction.finish()));
        await dispatcher.stop();
      }
    },
  );
});
