import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startDocumentWrites } from './twin-write.ts';

const twinDirs = () =>
  readdirSync(tmpdir()).filter((name) => name.startsWith(`plaza-bench-${process.pid}-twin-`));

describe('the writing twin', () => {
  it('commits each change of a document with its event, in turn over the documents, and cleans up', async () => {
    const document = JSON.stringify({ lineItems: [{ quantity: 1 }], note: 'x'.repeat(500) });
    const before = new Set(twinDirs());
    const writes = startDocumentWrites({ document, documents: 3 });
    const [dir] = twinDirs().filter((name) => !before.has(name));
    expect(dir).toBeDefined();
    const file = join(tmpdir(), dir!, 'twin.db');
    try {
      // Seven changes in one turn (one commit), then one more (a second commit).
      await Promise.all(Array.from({ length: 7 }, () => writes.commit()));
      await writes.commit();
      const db = new SQLite(file, { readonly: true });
      try {
        const rows = db.prepare('select id, revision, doc from documents order by id').all();
        expect(rows).toEqual([
          { id: 'doc-0', revision: 4, doc: document },
          { id: 'doc-1', revision: 4, doc: document },
          { id: 'doc-2', revision: 3, doc: document },
        ]);
        const events = db
          .prepare('select entity_id, event, payload from outbox order by seq')
          .all() as Array<{
          entity_id: string;
          event: string;
          payload: string;
        }>;
        expect(events.map((e) => e.entity_id)).toEqual([
          'doc-0',
          'doc-1',
          'doc-2',
          'doc-0',
          'doc-1',
          'doc-2',
          'doc-0',
          'doc-1',
        ]);
        expect(events.every((e) => e.event === 'updated')).toBe(true);
        // As a cart's: the event names the document and its revision, without carrying it.
        expect(JSON.parse(events[0]!.payload)).toEqual({ entity: { id: 'doc-0', revision: '2' } });
      } finally {
        db.close();
      }
    } finally {
      writes.close();
    }
    expect(existsSync(join(tmpdir(), dir!))).toBe(false);
  });
});
