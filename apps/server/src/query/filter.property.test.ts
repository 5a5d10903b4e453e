import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, freshDatabase, type TestDatabase } from '../../test/engines.ts';
import { ValidationError } from '../lib/errors.ts';
import { docsArb, filterArb } from './arbitraries.test-helper.ts';
import { compileFilter } from './filter.ts';
import { referenceQuery } from './reference.test-helper.ts';
import {
  createQueryTable,
  type QueryDb,
  queryTarget,
  replaceDocs,
  selectIds,
} from './test-table.test-helper.ts';

/** Raise for a deeper search, e.g. PLAZA_PROPERTY_RUNS=2000. */
const NUM_RUNS = Math.max(1, Math.round(Number(process.env.PLAZA_PROPERTY_RUNS ?? 150)));

describe.each(engines)('random filters on %s', (engine) => {
  let database: TestDatabase;
  let db: QueryDb;
  const target = queryTarget(engine);

  beforeAll(async () => {
    database = await freshDatabase(engine, { migrated: false });
    db = await createQueryTable(database);
  });
  afterAll(() => database?.dispose());

  it('return exactly the documents the reference evaluator matches', async () => {
    await fc.assert(
      fc.asyncProperty(
        docsArb(30),
        fc.array(filterArb, { minLength: 1, maxLength: 4 }),
        async (docs, filters) => {
          await replaceDocs(db, docs);
          for (const filter of filters) {
            const expected = referenceQuery(docs, { filter }).sort();
            const actual = (await selectIds(db, target, { filter })).sort();
            expect(actual, JSON.stringify(filter)).toEqual(expected);
          }
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('match the complement under $not (no predicate is ever SQL NULL)', async () => {
    await fc.assert(
      fc.asyncProperty(docsArb(20), filterArb, async (docs, filter) => {
        await replaceDocs(db, docs);
        const matching = await selectIds(db, target, { filter });
        const complement = await selectIds(db, target, { filter: { $not: filter } });
        expect([...matching, ...complement].sort()).toEqual(docs.map((doc) => doc.id).sort());
      }),
      { numRuns: Math.ceil(NUM_RUNS / 3) },
    );
  });

  it('either reject arbitrary JSON with a ValidationError or compile it to SQL that runs', async () => {
    await replaceDocs(db, [{ id: 'd00', createdDate: '', a: 1 }]);
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (filter) => {
        let compiled = true;
        try {
          compileFilter(filter, target);
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError);
          compiled = false;
        }
        if (compiled) await selectIds(db, target, { filter });
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
