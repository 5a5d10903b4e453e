import { describe, expect, it } from 'vitest';
import { ALL_IMAGE_WIDTHS, imageUrl, srcSet } from './images.ts';

describe('image srcset', () => {
  it('offers the small sizes and device widths with quality 75', () => {
    expect(ALL_IMAGE_WIDTHS).toEqual([
      16, 32, 48, 64, 96, 128, 256, 384, 640, 750, 828, 1080, 1200, 1920, 2048, 3840,
    ]);
    const set = srcSet('http://localhost:4000/media/site/abc.svg').split(', ');
    expect(set).toHaveLength(16);
    expect(set[0]).toBe('http://localhost:4000/media/site/abc.svg?w=16&q=75 16w');
    expect(set.at(-1)).toBe('http://localhost:4000/media/site/abc.svg?w=3840&q=75 3840w');
  });

  it('keeps an existing query', () => {
    expect(imageUrl('https://cdn.example.com/a.png?v=2', 640)).toBe(
      'https://cdn.example.com/a.png?v=2&w=640&q=75',
    );
  });

  it('leaves data: URLs alone', () => {
    expect(imageUrl('data:image/svg+xml;base64,AAAA', 640)).toBe('data:image/svg+xml;base64,AAAA');
    expect(srcSet('data:image/svg+xml;base64,AAAA')).toBe('');
  });
});
