/** Seed section 9: device widths, small sizes 16 to 384, quality 75. */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const SMALL_IMAGE_WIDTHS = [16, 32, 48, 64, 96, 128, 256, 384] as const;
export const IMAGE_QUALITY = 75;

/** Every width a `sizes`-driven `srcset` offers, smallest first. */
export const ALL_IMAGE_WIDTHS: readonly number[] = [...SMALL_IMAGE_WIDTHS, ...IMAGE_WIDTHS];

/**
 * The URL of `src` at `width`: `?w=<width>&q=75` added to its query. Plaza serves fixed media
 * files and ignores these parameters today (every entry is the same file, cached once); an image
 * service in front of it can honour them. Non-http URLs (`data:`, `blob:`) are returned unchanged.
 */
export function imageUrl(src: string, width: number, quality = IMAGE_QUALITY): string {
  if (!/^https?:\/\//i.test(src)) return src;
  const url = new URL(src);
  url.searchParams.set('w', String(width));
  url.searchParams.set('q', String(quality));
  return url.toString();
}

/** `srcset` with width descriptors; empty for URLs that take no parameters. */
export function srcSet(src: string, widths: readonly number[] = ALL_IMAGE_WIDTHS): string {
  if (!/^https?:\/\//i.test(src)) return '';
  return widths.map((width) => `${imageUrl(src, width)} ${width}w`).join(', ');
}
