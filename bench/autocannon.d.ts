// autocannon ships no types and @types/autocannon is not installed: the part of its API the bench uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Concurrent connections (each sends its next request when the previous one is answered). */
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Requests to send in all, instead of a duration. */
      amount?: number;
      /** Requests per second over all connections (each connection gets its share per one-second window). */
      overallRate?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      pipelining?: number;
      /** Requests each connection sends in turn; `setupRequest` rebuilds a request before every send. */
      requests?: Array<{
        setupRequest?: (request: Record<string, unknown>, context: unknown) => Record<string, unknown>;
      }>;
    }

    /** The result as a worker thread receives it: autocannon leaves it unaggregated off the main thread. */
    interface RawResult {
      totalCompletedRequests: number;
      totalRequests: number;
      totalBytes: number;
      /** Seconds, to 10 ms. */
      duration: number;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      statusCodeStats: Record<string, { count: number }>;
    }

    interface Instance extends EventEmitter, PromiseLike<RawResult> {
      stop(): void;
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void,
      ): this;
      on(event: string, listener: (...args: unknown[]) => void): this;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
