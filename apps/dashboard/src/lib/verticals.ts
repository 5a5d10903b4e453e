/** What an order sells, by the catalog app of its lines (API map 17): the owner's "verticals". */

export type Vertical = 'store' | 'bookings' | 'events' | 'plans';

/** App ids per vertical; the store answers to two (catalog v1 and v3). */
export const VERTICAL_APP_IDS: Record<Vertical, readonly string[]> = {
  store: ['1380b703-ce81-ff05-f115-39571d94dfcd', '215238eb-22a5-4c36-9e7b-e7c08025e04e'],
  bookings: ['13d21c63-b5ec-5912-8397-c3a5ddb27a97'],
  events: ['140603ad-af8d-84a5-2c80-a0f60cb47351'],
  plans: ['1522827f-c56c-a5c9-2ac9-00f9e6ae12d3'],
};

export const VERTICALS: ReadonlyArray<{ value: Vertical; label: string }> = [
  { value: 'store', label: 'Store' },
  { value: 'bookings', label: 'Bookings' },
  { value: 'events', label: 'Events' },
  { value: 'plans', label: 'Plans' },
];

export const isVertical = (value: string): value is Vertical => Object.hasOwn(VERTICAL_APP_IDS, value);

/** The vertical's name for an app id; another app's lines are "Other". */
export function verticalLabel(appId: string): string {
  const found = VERTICALS.find(({ value }) => VERTICAL_APP_IDS[value].includes(appId));
  return found?.label ?? 'Other';
}
