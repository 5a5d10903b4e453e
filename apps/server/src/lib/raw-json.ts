/**
 * JSON text that is already in its public shape (stored documents spliced into a response).
 * The HTTP layer sends it as is, skipping a parse and a re-serialise; see DESIGN, "Data".
 */
export class RawJson {
  constructor(readonly text: string) {}
}

export const rawJson = (text: string): RawJson => new RawJson(text);

/** `{"<key>": <stored json>, ...rest}` without parsing the stored document. */
export function wrapRaw(key: string, stored: string, rest: Record<string, unknown> = {}): RawJson {
  const tail = Object.keys(rest).length > 0 ? `,${JSON.stringify(rest).slice(1, -1)}` : '';
  return new RawJson(`{${JSON.stringify(key)}:${stored}${tail}}`);
}

/** `{"<key>": [<stored>, ...], ...rest}` for list pages. */
export function wrapRawList(
  key: string,
  stored: readonly string[],
  rest: Record<string, unknown> = {},
): RawJson {
  const tail = Object.keys(rest).length > 0 ? `,${JSON.stringify(rest).slice(1, -1)}` : '';
  return new RawJson(`{${JSON.stringify(key)}:[${stored.join(',')}]${tail}}`);
}

/** A call's answer that sends the browser elsewhere (302 with `Location`, `{}` as the body). */
export class Redirect {
  constructor(readonly location: string) {}
}
