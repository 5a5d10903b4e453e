import { type AppCode, type InstalledApps, isAppCode } from './apps.ts';

/** One entry of `/examples.json`. */
export interface Example {
  data: {
    slug: string;
    orderId: number;
    title: string;
    description: string;
    /** The app's slug in the owner's app settings (see owner-links.ts). */
    installLink: string;
  };
}

/** Examples the seed removes from the list (section 2); their routes still exist. */
export const HIDDEN_SLUGS: readonly string[] = ['/subscriptions'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keeps the well-formed entries of a parsed `/examples.json` (anything else is dropped). */
export function parseExamples(json: unknown): Example[] {
  const entries = Array.isArray(json) ? json : isRecord(json) && Array.isArray(json.items) ? json.items : [];
  return entries.flatMap((entry): Example[] => {
    const data = isRecord(entry) && isRecord(entry.data) ? entry.data : undefined;
    if (!data || typeof data.slug !== 'string' || typeof data.orderId !== 'number') return [];
    return [
      {
        data: {
          slug: data.slug,
          orderId: data.orderId,
          title: typeof data.title === 'string' ? data.title : data.slug.replace(/^\//, ''),
          description: typeof data.description === 'string' ? data.description : '',
          installLink: typeof data.installLink === 'string' ? data.installLink : '',
        },
      },
    ];
  });
}

/** The example's app: `orderId - 1`; undefined when that is not one of the four codes. */
export function appOfExample(example: Example): AppCode | undefined {
  const code = example.data.orderId - 1;
  return isAppCode(code) ? code : undefined;
}

/** The list as shown: hidden slugs removed, in `orderId` order. */
export function visibleExamples(examples: readonly Example[]): Example[] {
  return examples
    .filter((example) => !HIDDEN_SLUGS.includes(example.data.slug))
    .sort((a, b) => a.data.orderId - b.data.orderId);
}

/** Splits the examples by the detection result; an example without a known app is not installed. */
export function splitByInstalled(
  examples: readonly Example[],
  installed: InstalledApps,
): { installed: Example[]; notInstalled: Example[] } {
  const result = { installed: [] as Example[], notInstalled: [] as Example[] };
  for (const example of examples) {
    const app = appOfExample(example);
    (app !== undefined && installed[app] ? result.installed : result.notInstalled).push(example);
  }
  return result;
}
