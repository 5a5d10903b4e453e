/**
 * Countries as addresses, tax rates and shipping regions name them: ISO 3166-1 alpha-2 codes of the
 * countries and territories, with XK (Kosovo, user-assigned, which carriers and shops use). Pure data:
 * the hosted pages import it without the schemas.
 */
const CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW';

/** Every code, upper case. */
export const COUNTRY_CODES: readonly string[] = CODES.split(' ');

const known = new Set(COUNTRY_CODES);

/** Whether `code` names a country, in either case (requests may send `us`). */
export const isCountryCode = (code: string) => known.has(code.toUpperCase());

/**
 * JSON-schema formats of country fields, with what a request that breaks one is told (the server's
 * validator knows them; other readers of the schemas may ignore a format they do not know).
 */
export const countryFormats = {
  'country-code': {
    check: isCountryCode,
    description: 'must be an ISO 3166-1 alpha-2 country code, such as US, DE or GB (the United Kingdom)',
  },
  'country-code-or-anywhere': {
    check: (value: string) => value === '*' || isCountryCode(value),
    description:
      'must be an ISO 3166-1 alpha-2 country code, such as US, DE or GB (the United Kingdom), or * for everywhere',
  },
} as const;
