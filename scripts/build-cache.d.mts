export const repoRoot: string;

export function sourceKey(
  inputs: string[],
  options?: { root?: string; ignore?: (path: string) => boolean; extra?: string },
): string;

export function buildIfStale(options: {
  keyFile: string;
  key: string;
  output: string;
  build: () => unknown;
}): Promise<boolean>;
