// Reads `perf script -F tid,ip,sym,dso` output (call stacks, leaf first) and says where one thread's CPU
// went: per request, by kind of code, by function. Pure: profile.ts runs perf and feeds the lines here.

export interface Sample {
  tid: number;
  /** Symbols, leaf first. */
  symbols: string[];
  /** The leaf frame's module: a binary, a shared library, a JIT image. */
  leafModule: string;
  /** How many frames, from the leaf, are the kernel's. */
  kernelFrames: number;
  /** The C library function that entered the kernel (`__GI___writev`), when a system call did. */
  systemCall?: string;
}

const count = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);

const STACK_LINE = /^\s+[0-9a-f]+ (.*) \(([^()]*)\)$/;

/**
 * Collects the samples of the threads `keep` accepts, one line of `perf script` at a time; `root` (the
 * repository's directory) is cut from the start of file names in symbols.
 */
export function sampleReader(keep: (tid: number) => boolean, root = '') {
  const shorten = (symbol: string) =>
    root ? symbol.replaceAll(`file://${root}/`, '').replaceAll(`${root}/`, '') : symbol;
  const samples: Sample[] = [];
  /** Samples per thread, kept or not. */
  const threads = new Map<number, number>();
  let current: Sample | undefined;
  let kept = false;
  const close = () => {
    if (current && kept && current.symbols.length > 0) samples.push(current);
    current = undefined;
  };
  return {
    samples,
    threads,
    line(text: string) {
      if (text.trim() === '') return close();
      const frame = STACK_LINE.exec(text);
      if (!frame) {
        close();
        const tid = Number.parseInt(text, 10);
        if (Number.isInteger(tid)) count(threads, tid);
        kept = Number.isInteger(tid) && keep(tid);
        current = { tid, symbols: [], leafModule: '', kernelFrames: 0 };
        return;
      }
      if (!current || !kept) return;
      const module = frame[2]!;
      if (current.symbols.length === 0) current.leafModule = module;
      const symbol = shorten(frame[1]!);
      const inKernel = current.kernelFrames === current.symbols.length;
      if (inKernel && module.includes('kernel')) current.kernelFrames++;
      else if (inKernel && current.kernelFrames > 0 && /\/libc[.-]/.test(module)) current.systemCall = symbol;
      current.symbols.push(symbol);
    },
    end: close,
  };
}

const GC = /Scavenge|MarkCompact|MinorMarkSweep|Heap::CollectGarbage|Heap::PerformGarbageCollection/;

/** What kind of code a sample was spent in, from its leaf (and GC from anywhere on its stack). */
export function kindOf(sample: Sample): string {
  if (sample.symbols.some((symbol) => GC.test(symbol))) return 'garbage collection';
  const leaf = sample.symbols[0]!;
  if (sample.kernelFrames > 0) {
    return sample.systemCall
      ? `kernel, system call ${sample.systemCall}`
      : 'kernel, other (interrupts, page faults)';
  }
  if (sample.leafModule.includes('better_sqlite3')) return 'SQLite';
  if (/JsonStringif|JsonParse|JsonParser/.test(leaf)) return 'JSON.stringify / JSON.parse';
  if (leaf.startsWith('JS:') || leaf.startsWith('Builtin')) return 'JavaScript and V8 builtins';
  if (/libc|ld-linux|libstdc/.test(sample.leafModule)) return 'C library';
  return 'Node and V8 (native)';
}

export interface Share {
  name: string;
  samples: number;
  /** Of all the thread's samples. */
  share: number;
}

function shares(counts: Map<string, number>, total: number, limit: number): Share[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([name, samples]) => ({ name, samples, share: samples / total }));
}

export interface Summary {
  samples: number;
  /** CPU the thread spent per request, from the sampling rate. */
  microsPerRequest: number;
  kinds: Share[];
  /** Where the samples were taken (self time). */
  leaves: Share[];
  /** Plaza's own functions and the frameworks', with everything they called (inclusive time). */
  ownCode: Share[];
}

/** Ours and the frameworks' we call: where a change in this repository can move the figures. */
const OWN_CODE =
  /\bapps\/server\/src\/|\bnode_modules\/(fastify|@fastify|find-my-way|ajv|better-sqlite3|kysely)\//;

export function summarize(samples: readonly Sample[], hz: number, requests: number, limit = 25): Summary {
  const kinds = new Map<string, number>();
  const leaves = new Map<string, number>();
  const own = new Map<string, number>();
  for (const sample of samples) {
    count(kinds, kindOf(sample));
    count(leaves, sample.symbols[0]!);
    for (const symbol of new Set(sample.symbols)) if (OWN_CODE.test(symbol)) count(own, symbol);
  }
  const total = samples.length;
  return {
    samples: total,
    microsPerRequest: requests > 0 ? (total / hz / requests) * 1e6 : Number.NaN,
    // Below a sample in 500, a kind says nothing.
    kinds: shares(kinds, total, limit).filter((kind) => kind.share >= 0.002),
    leaves: shares(leaves, total, limit),
    ownCode: shares(own, total, limit),
  };
}

/**
 * The samples as folded stacks, root first, one line per distinct stack with its count: the input of
 * flame graph tools (speedscope, inferno, flamegraph.pl).
 */
export function foldedStacks(samples: readonly Sample[]): string {
  const stacks = new Map<string, number>();
  for (const sample of samples) {
    count(
      stacks,
      sample.symbols
        .map((symbol) => symbol.replaceAll(';', ':'))
        .reverse()
        .join(';'),
    );
  }
  return `${[...stacks].map(([stack, n]) => `${stack} ${n}`).join('\n')}\n`;
}

const rows = (list: Share[]) =>
  list.map((s) => `  ${(100 * s.share).toFixed(1).padStart(5)} %  ${s.name.slice(0, 140)}`).join('\n');

/** The shares by kind of code, as text for a terminal. */
export const formatKinds = (summary: Summary): string => rows(summary.kinds);

/** The summary as text for a terminal. */
export function formatSummary(summary: Summary): string {
  const section = (title: string, list: Share[]) => `${title}\n${rows(list)}`;
  return [
    `${summary.samples} samples of the server's main thread: ${summary.microsPerRequest.toFixed(0)} µs of CPU per request`,
    section('by kind of code:', summary.kinds),
    section("Plaza's and its frameworks' functions, with what they call:", summary.ownCode),
    section('where the samples were taken (self):', summary.leaves),
  ].join('\n\n');
}
