import { describe, expect, it } from 'vitest';
import { foldedStacks, formatSummary, kindOf, sampleReader, summarize } from './perf-report.ts';

// `perf script -F tid,ip,sym,dso` as perf prints it: a header line per sample, then its stack, leaf first.
const SCRIPT = `101 
\t    ffffffff81a0 tcp_sendmsg ([kernel.kallsyms])
\t    ffffffff81b0 do_syscall_64 ([kernel.kallsyms])
\t          11d2c0 __GI___writev (/usr/lib/x86_64-linux-gnu/libc.so.6)
\t          b50bdf node::StreamBase::Writev (/usr/bin/node)
\t    7f7ecc0b3720 JS:*Reply.send /repo/node_modules/fastify/lib/reply.js:156:33 (/tmp/jitted-101-7.so)

101 
\t           2d16a sqlite3VdbeExec (/repo/node_modules/better-sqlite3/build/Release/better_sqlite3.node)
\t    7f7ecc0b3720 JS:*attempt file:///repo/apps/server/src/db/sqlite-direct.ts:1:837 (/tmp/jitted-101-9.so)
\t    7f7ecc0b3799 JS:*flushQueued file:///repo/apps/server/src/db/sqlite-direct.ts:1:2059 (/tmp/jitted-101-8.so)

102 
\t          c4a574 v8::internal::Heap::Scavenge (/usr/bin/node)

101 
\t    ffffffff81c0 asm_sysvec_apic_timer_interrupt ([kernel.kallsyms])
\t    7f7ecc0b3720 JS:*attempt file:///repo/apps/server/src/db/sqlite-direct.ts:1:837 (/tmp/jitted-101-9.so)
\t    7f7ecc0b3799 JS:*flushQueued file:///repo/apps/server/src/db/sqlite-direct.ts:1:2059 (/tmp/jitted-101-8.so)

101 
\t          c4a574 v8::internal::ScavengerCollector::CollectGarbage (/usr/bin/node)
\t          c4a580 v8::internal::Heap::Scavenge (/usr/bin/node)
\t    7f7ecc0b3799 JS:*copy;Json file:///repo/apps/server/src/lib/json-copy.ts:1:132 (/tmp/jitted-101-3.so)
`;

function read(keep: (tid: number) => boolean) {
  const reader = sampleReader(keep, '/repo');
  for (const line of SCRIPT.split('\n')) reader.line(line);
  reader.end();
  return reader;
}

describe('perf report', () => {
  it("keeps the chosen thread's samples, leaf first, file names cut to the repository", () => {
    const reader = read((tid) => tid === 101);
    expect(reader.samples).toHaveLength(4);
    expect(reader.threads).toEqual(
      new Map([
        [101, 4],
        [102, 1],
      ]),
    );
    expect(reader.samples[1]!.symbols).toEqual([
      'sqlite3VdbeExec',
      'JS:*attempt apps/server/src/db/sqlite-direct.ts:1:837',
      'JS:*flushQueued apps/server/src/db/sqlite-direct.ts:1:2059',
    ]);
  });

  it('tells a system call from an interrupt, SQLite, and GC wherever it sits on the stack', () => {
    const kinds = read(() => true).samples.map(kindOf);
    expect(kinds).toEqual([
      'kernel, system call __GI___writev',
      'SQLite',
      'garbage collection',
      'kernel, other (interrupts, page faults)',
      'garbage collection',
    ]);
  });

  it('gives CPU per request from the sampling rate, and inclusive time for our own code', () => {
    const summary = summarize(read((tid) => tid === 101).samples, 1000, 2);
    // 4 samples at 1000 Hz = 4 ms over 2 requests.
    expect(summary.microsPerRequest).toBe(2000);
    expect(summary.ownCode).toEqual([
      { name: 'JS:*attempt apps/server/src/db/sqlite-direct.ts:1:837', samples: 2, share: 0.5 },
      { name: 'JS:*flushQueued apps/server/src/db/sqlite-direct.ts:1:2059', samples: 2, share: 0.5 },
      { name: 'JS:*Reply.send node_modules/fastify/lib/reply.js:156:33', samples: 1, share: 0.25 },
      { name: 'JS:*copy;Json apps/server/src/lib/json-copy.ts:1:132', samples: 1, share: 0.25 },
    ]);
    expect(summary.kinds.map((kind) => [kind.name, kind.share])).toEqual([
      ['SQLite', 0.25],
      ['garbage collection', 0.25],
      ['kernel, other (interrupts, page faults)', 0.25],
      ['kernel, system call __GI___writev', 0.25],
    ]);
    expect(formatSummary(summary)).toContain('2000 µs of CPU per request');
  });

  it('folds stacks root first, counting repeats, with no stray separator in a frame', () => {
    const folded = foldedStacks(read((tid) => tid === 101).samples)
      .trim()
      .split('\n');
    expect(folded).toContain(
      'JS:*flushQueued apps/server/src/db/sqlite-direct.ts:1:2059;JS:*attempt apps/server/src/db/sqlite-direct.ts:1:837;sqlite3VdbeExec 1',
    );
    expect(folded).toContain(
      'JS:*copy:Json apps/server/src/lib/json-copy.ts:1:132;v8::internal::Heap::Scavenge;v8::internal::ScavengerCollector::CollectGarbage 1',
    );
  });
});
