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

const list = (country: string, entries: string) =>
  entries.split('|').map((entry) => {
    const [code, name] = entry.split(':') as [string, string];
    return { code: `${country}-${code}`, name };
  });

/**
 * Countries whose addresses need a region (ISO 3166-2), with the regions' names: the hosted checkout
 * offers them as a list, and tax rates and shipping regions of these countries must name one.
 */
export const REGIONS: Record<string, { label: string; options: { code: string; name: string }[] }> = {
  US: {
    label: 'State',
    options: list(
      'US',
      'AL:Alabama|AK:Alaska|AS:American Samoa|AZ:Arizona|AR:Arkansas|CA:California|CO:Colorado|CT:Connecticut|DE:Delaware|DC:District of Columbia|FL:Florida|GA:Georgia|GU:Guam|HI:Hawaii|ID:Idaho|IL:Illinois|IN:Indiana|IA:Iowa|KS:Kansas|KY:Kentucky|LA:Louisiana|ME:Maine|MD:Maryland|MA:Massachusetts|MI:Michigan|MN:Minnesota|MS:Mississippi|MO:Missouri|MT:Montana|NE:Nebraska|NV:Nevada|NH:New Hampshire|NJ:New Jersey|NM:New Mexico|NY:New York|NC:North Carolina|ND:North Dakota|MP:Northern Mariana Islands|OH:Ohio|OK:Oklahoma|OR:Oregon|PA:Pennsylvania|PR:Puerto Rico|RI:Rhode Island|SC:South Carolina|SD:South Dakota|TN:Tennessee|TX:Texas|UT:Utah|VT:Vermont|VI:U.S. Virgin Islands|VA:Virginia|WA:Washington|WV:West Virginia|WI:Wisconsin|WY:Wyoming',
    ),
  },
  CA: {
    label: 'Province',
    options: list(
      'CA',
      'AB:Alberta|BC:British Columbia|MB:Manitoba|NB:New Brunswick|NL:Newfoundland and Labrador|NT:Northwest Territories|NS:Nova Scotia|NU:Nunavut|ON:Ontario|PE:Prince Edward Island|QC:Quebec|SK:Saskatchewan|YT:Yukon',
    ),
  },
  AU: {
    label: 'State or territory',
    options: list(
      'AU',
      'ACT:Australian Capital Territory|NSW:New South Wales|NT:Northern Territory|QLD:Queensland|SA:South Australia|TAS:Tasmania|VIC:Victoria|WA:Western Australia',
    ),
  },
};

/** Whether `subdivision` ("US-CA") is a region of `country` ("US"); true for countries without a list. */
export const isRegionOf = (country: string, subdivision: string) => {
  const regions = REGIONS[country.toUpperCase()];
  return !regions || regions.options.some((option) => option.code === subdivision.toUpperCase());
};

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

export { usZipMatchesState } from './us-zip.ts';
