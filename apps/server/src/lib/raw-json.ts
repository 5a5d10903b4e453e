/**
 * JSON text that is already in its public shape (stored documents spliced into a response).
 * The HTTP layer sends it as is, skipping a parse and a re-serialise; see DESIGN, "Data".
 */
export class RawJson {
  /** The JSON as text, or already as UTF-8 bytes (sent as they are). */
  constructor(readonly text: string | Uint8Array) {}
}

export const rawJson = (text: string): RawJson => new RawJson(text);

const encoder = new TextEncoder();

/**
 * `pieces` written one after the other as UTF-8 into one buffer. A list page is ~300 KB of stored
 * documents: joining them into a string and sending that costs a copy for the join, a scan for
 * `Content-Length` and an encoding pass at the socket (~0.5 ms together); writing the documents' bytes
 * straight into the buffer that is sent costs one pass (~0.05 ms). The buffer is sized for ASCII and
 * sized exactly and written again in the rare case the text needs more bytes than characters.
 */
export function utf8Join(pieces: readonly string[]): Buffer {
  let size = 0;
  for (const piece of pieces) size += piece.length;
  const fitted = writeAll(pieces, Buffer.allocUnsafe(size));
  if (fitted) return fitted;
  let exact = 0;
  for (const piece of pieces) exact += Buffer.byteLength(piece);
  return writeAll(pieces, Buffer.allocUnsafe(exact))!;
}

function writeAll(pieces: readonly string[], into: Buffer): Buffer | undefined {
  let offset = 0;
  for (const piece of pieces) {
    const { read, written } = encoder.encodeInto(piece, offset === 0 ? into : into.subarray(offset));
    if (read < piece.length) return undefined;
    offset += written;
  }
  return offset === into.length ? into : into.subarray(0, offset);
}

const restOf = (rest: Record<string, unknown>) =>
  Object.keys(rest).length > 0 ? `,${JSON.stringify(rest).slice(1, -1)}` : '';

/** `{"<key>": <stored json>, ...rest}` without parsing the stored document. */
export function wrapRaw(key: string, stored: string, rest: Record<string, unknown> = {}): RawJson {
  return new RawJson(utf8Join([`{${JSON.stringify(key)}:`, stored, `${restOf(rest)}}`]));
}

/**
 * The answers made by `wrapRawList`, by page: a page the read cache hands out again is the same array,
 * and a storefront asks for the same list again and again. Writing its ~300 KB into a new buffer each
 * time was most of a cached list read.
 */
const listAnswers = new WeakMap<readonly string[], { key: string; tail: string; answer: RawJson }>();

/**
 * `{"<key>": [<stored>, ...], ...rest}` for list pages. `stored` must not change once passed (the read
 * cache's pages never do): the answer for the same array, key and rest is made once.
 */
export function wrapRawList(
  key: string,
  stored: readonly string[],
  rest: Record<string, unknown> = {},
): RawJson {
  const tail = `]${restOf(rest)}}`;
  const kept = listAnswers.get(stored);
  if (kept?.key === key && kept.tail === tail) return kept.answer;
  const pieces = [`{${JSON.stringify(key)}:[`];
  stored.forEach((text, i) => {
    if (i > 0) pieces.push(',');
    pieces.push(text);
  });
  pieces.push(tail);
  const answer = new RawJson(utf8Join(pieces));
  listAnswers.set(stored, { key, tail, answer });
  return answer;
}

/** A call's answer that sends the browser elsewhere (302 with `Location`, `{}` as the body). */
export class Redirect {
  constructor(readonly location: string) {}
}
