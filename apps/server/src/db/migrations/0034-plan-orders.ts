import type { Migration } from 'kysely';
import type { Engine } from '../connect.ts';
import { byteOrderedText, type MigrationDb } from './helpers.ts';

/**
 * Plan orders get their end date as a column: the end-of-term sweep (domains/plans/order-endings.ts)
 * finds the ACTIVE orders whose end has passed across every site with one index range.
 */
export const planOrders = (engine: Engine): Migration => ({
  async up(db: MigrationDb) {
    await db.schema.alterTable('plan_orders').addColumn('end_date', byteOrderedText(engine)).execute();
    await db.schema
      .createIndex('plan_orders_status_end')
      .on('plan_orders')
      .columns(['status', 'end_date'])
      .execute();
  },
});
