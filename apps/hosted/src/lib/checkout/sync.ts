/**
 * Sends checkout changes one at a time, newest wins: while a change is on its way, later ones
 * are merged (`merge`, else the newest replaces the rest) and sent together next. A checkout update is revision-checked on the
 * server, so two at once would refuse each other; and a stale answer arriving late must not
 * overwrite newer totals, so an answer is only applied when nothing newer is waiting.
 */
export interface Serial<T> {
  /** Queues `value` (merged with any value still waiting). */
  push(value: T): void;
  /** Resolves once nothing is running or waiting. */
  settled(): Promise<void>;
  readonly busy: boolean;
}

export function serialLatest<T, R>(
  send: (value: T) => Promise<R>,
  handlers: {
    onAnswer(answer: R, value: T): void;
    onError(error: unknown, value: T): void;
    onIdle?(): void;
    merge?(waiting: T, next: T): T;
  },
): Serial<T> {
  let waiting: { value: T } | undefined;
  let running = false;
  let idle: Array<() => void> = [];

  async function loop() {
    running = true;
    while (waiting) {
      const { value } = waiting;
      waiting = undefined;
      try {
        const answer = await send(value);
        if (!waiting) handlers.onAnswer(answer, value);
      } catch (error) {
        if (!waiting) handlers.onError(error, value);
      }
    }
    running = false;
    handlers.onIdle?.();
    const resolve = idle;
    idle = [];
    for (const done of resolve) done();
  }

  return {
    push(value) {
      waiting = { value: waiting && handlers.merge ? handlers.merge(waiting.value, value) : value };
      if (!running) void loop();
    },
    settled: () =>
      running || waiting ? new Promise<void>((resolve) => idle.push(resolve)) : Promise.resolve(),
    get busy() {
      return running || waiting !== undefined;
    },
  };
}
