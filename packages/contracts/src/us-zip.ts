/**
 * Which US state (or territory, or military post) each ZIP code's first three digits belong to,
 * from USPS's ZIP prefix list ("sectional center facilities"). Enough to catch a state and a ZIP
 * code that cannot go together (CA with 10001), which the carrier would refuse later; it does not
 * prove that a ZIP code exists.
 */
const PREFIXES: Record<string, string> = {
  AL: '350-369',
  AK: '995-999',
  AZ: '850-865',
  AR: '716-729',
  CA: '900-961',
  CO: '800-816',
  CT: '060-069',
  DE: '197-199',
  DC: '200-205,569',
  FL: '320-349',
  GA: '300-319,398-399',
  HI: '967-968',
  ID: '832-838',
  IL: '600-629',
  IN: '460-479',
  IA: '500-528',
  KS: '660-679',
  KY: '400-427',
  LA: '700-714',
  ME: '039-049',
  MD: '206-219',
  MA: '010-027,055',
  MI: '480-499',
  MN: '550-567',
  MS: '386-397',
  MO: '630-658',
  MT: '590-599',
  NE: '680-693',
  NV: '889-898',
  NH: '030-038',
  NJ: '070-089',
  NM: '870-884',
  NY: '005,063,100-149',
  NC: '270-289',
  ND: '580-588',
  OH: '430-459',
  OK: '730-749',
  OR: '970-979',
  PA: '150-196',
  RI: '028-029',
  SC: '290-299',
  SD: '570-577',
  TN: '370-385',
  TX: '733,750-799,885',
  UT: '840-847',
  VT: '050-059',
  VA: '201,220-246',
  WA: '980-994',
  WV: '247-268',
  WI: '530-549',
  WY: '820-831,834',
  PR: '006-009',
  VI: '008',
  GU: '969',
  AS: '967',
  MP: '969',
};

const ranges = new Map(
  Object.entries(PREFIXES).map(([state, list]) => [
    state,
    list.split(',').map((part) => {
      const [from, to = from] = part.split('-').map(Number) as [number, number?];
      return [from, to] as const;
    }),
  ]),
);

/**
 * Whether a US ZIP code (`94103`, `94103-1234`) can belong to a state (`US-CA` or `CA`). True when
 * either is missing or not a US one this list knows: only a known state with a ZIP code of another
 * is refused.
 */
export function usZipMatchesState(postalCode: string | undefined, subdivision: string | undefined): boolean {
  const zip = postalCode?.trim().match(/^(\d{3})\d{2}(?:-?\d{4})?$/);
  const state = subdivision?.trim().toUpperCase().replace(/^US-/, '');
  const known = state ? ranges.get(state) : undefined;
  if (!zip || !known) return true;
  const prefix = Number(zip[1]);
  return known.some(([from, to]) => prefix >= from && prefix <= to);
}
