/**
 * Runs work one at a time per key, in the order it arrives: the next starts when the previous one
 * settled, whatever its outcome (`waited` tells it that it had to). Work under other keys runs as it
 * comes. A key with nothing waiting costs one map entry while its work runs.
 */
export function oneAtATime() {
  const last = new Map<string, Promise<unknown>>();

  return function run<T>(key: string, work: (waited: boolean) => Promise<T>): Promise<T> {
    const previous = last.get(key);
    const afterPrevious = () => work(true);
    const result = previous ? previous.then(afterPrevious, afterPrevious) : work(false);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    last.set(key, settled);
    void settled.then(() => {
      if (last.get(key) === settled) last.delete(key);
    });
    return result;
  };
}
