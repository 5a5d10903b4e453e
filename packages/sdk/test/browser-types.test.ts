// Compile-time checks (run by `tsc` with the DOM lib; Vitest only executes the trivial bodies):
// the SDK's local browser shapes accept the DOM's own objects.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  BrowserCookies,
  BrowserDocument,
  BrowserFramePage,
  BrowserGlobals,
  BrowserLocation,
  BrowserMessageEvent,
  BrowserMessageTarget,
  BrowserWindow,
} from '../src/auth/browser.ts';

describe('browser shapes', () => {
  it('take a DOM window, document, location and message event', () => {
    expectTypeOf<Window>().toExtend<BrowserWindow>();
    expectTypeOf<Window>().toExtend<BrowserMessageTarget>();
    expectTypeOf<Document>().toExtend<BrowserDocument>();
    expectTypeOf<Document>().toExtend<BrowserFramePage>();
    expectTypeOf<Document>().toExtend<BrowserCookies>();
    expectTypeOf<Location>().toExtend<BrowserLocation>();
    expectTypeOf<MessageEvent>().toExtend<BrowserMessageEvent>();
    expectTypeOf<HTMLIFrameElement>().toExtend<ReturnType<BrowserFramePage['createElement']>>();
  });

  it("read a browser's globalThis", () => {
    expectTypeOf<typeof globalThis>().toExtend<BrowserGlobals>();
  });
});
