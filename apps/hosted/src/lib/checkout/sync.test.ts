import { describe, expect, it } from 'vitest';
import { serialLatest } from './sync.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('serialLatest', () => {
  it('sends one change at a time and merges the ones that wait', async () => {
    const calls: Array<{ value: Record<string, string>; done: ReturnType<typeof deferred<string>> }> = [];
    const answers: string[] = [];
    let idle = 0;
    const sync = serialLatest<Record<string, string>, string>(
      (value) => {
        const done = deferred<string>();
        calls.push({ value, done });
        return done.promise;
      },
      {
        merge: (a, b) => ({ ...a, ...b }),
        onAnswer: (answer) => answers.push(answer),
        onError: () => answers.push('error'),
        onIdle: () => idle++,
      },
    );
    sync.push({ country: 'US' });
    sync.push({ option: 'pickup' });
    sync.push({ country: 'DE' });
    expect(sync.busy).toBe(true);
    expect(calls.map((c) => c.value)).toEqual([{ country: 'US' }]);
    const settled = sync.settled();
    calls[0]!.done.resolve('first');
    await Promise.resolve();
    await Promise.resolve();
    // The first answer is stale (newer changes wait): it is not applied.
    expect(answers).toEqual([]);
    expect(calls[1]?.value).toEqual({ option: 'pickup', country: 'DE' });
    calls[1]!.done.resolve('second');
    await settled;
    expect(answers).toEqual(['second']);
    expect(idle).toBe(1);
    expect(sync.busy).toBe(false);
    await sync.settled();
  });

  it('reports the error of the newest change', async () => {
    const errors: unknown[] = [];
    const sync = serialLatest<number, number>(
      async (value) => {
        if (value === 2) throw new Error('refused');
        return value;
      },
      { onAnswer: () => {}, onError: (error) => errors.push(error) },
    );
    sync.push(2);
    await sync.settled();
    expect(errors).toHaveLength(1);
  });
});
