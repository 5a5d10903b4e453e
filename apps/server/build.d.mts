export const distDir: string;

export function buildServer(options?: {
  name?: string;
  entry?: string;
  inputs?: string[];
  force?: boolean;
}): Promise<string>;
