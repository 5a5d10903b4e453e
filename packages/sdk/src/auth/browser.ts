// The few browser objects the SDK touches, typed locally so that compiling the SDK (whose `.ts`
// sources consumers type-check) needs no DOM lib and brings none into Node-only projects.
// The DOM's own `Window`, `Document`, `Location` and `MessageEvent` fit these shapes.

/** What the SDK reads of a `message` event: its `data`. */
export interface BrowserMessageEvent {
  readonly data: unknown;
}

export type BrowserMessageListener = (event: BrowserMessageEvent) => void;

/** A window as a source of `message` events. */
export interface BrowserMessageTarget {
  addEventListener(type: 'message', listener: BrowserMessageListener): void;
  removeEventListener(type: 'message', listener: BrowserMessageListener): void;
}

export interface BrowserLocation {
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
}

export interface BrowserWindow extends BrowserMessageTarget {
  readonly location: Pick<BrowserLocation, 'origin'>;
}

/** The parts of an `<iframe>` element the SDK sets. */
export interface BrowserFrame {
  readonly style: { display: string };
  setAttribute(name: string, value: string): void;
  tabIndex: number;
  src: string;
  remove(): void;
}

/** A document that makes an `<iframe>` and shows it (`appendChild` gets the frame it made). */
export interface BrowserFramePage {
  createElement(tagName: 'iframe'): BrowserFrame;
  readonly body: { appendChild(node: object): unknown };
}

/** A document as a cookie jar. */
export interface BrowserCookies {
  cookie: string;
}

export type BrowserDocument = BrowserFramePage & BrowserCookies;

/** The browser globals; each is absent outside a browser (Node, server rendering). */
export interface BrowserGlobals {
  readonly window?: BrowserWindow;
  readonly document?: BrowserDocument;
  readonly location?: Pick<BrowserLocation, 'href' | 'protocol'>;
}

/** `globalThis`, read through the shapes above. */
export const browserGlobals = (): BrowserGlobals => globalThis as BrowserGlobals;
