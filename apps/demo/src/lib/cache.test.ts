import { describe, expect, it, vi } from 'vitest';
import { createCache } from './cache.ts';

describe('data cache', () => {
  it('shares one request per key and keeps the result', async () => {
    const cache = createCache();
    const loader = vi.fn(async () => 'products');
    const [a, b] = await Promise.all([cache.load('k', loader), cache.load('k', loader)]);
    expect([a, b]).toEqual(['products', 'products']);
    await cache.load('k', loader);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(cache.peek('k')?.settled).toEqual({ ok: true, value: 'products' });
  });

  it('asks again after a failure and after maxAge', async () => {
    let time = 0;
    const cache = createCache(() => time);
    const loader = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue('ok');
    await expect(cache.load('k', loader, 1000)).rejects.toThrow('down');
    await expect(cache.load('k', loader, 1000)).resolves.toBe('ok');
    time = 500;
    await cache.load('k', loader, 1000);
    expect(loader).toHaveBeenCalledTimes(2);
    time = 2000;
    await cache.load('k', loader, 1000);
    expect(loader).toHaveBeenCalledTimes(3);
  });

  it('invalidate and set notify subscribers', async () => {
    const cache = createCache();
    const seen: string[] = [];
    cache.subscribe((key) => seen.push(key));
    cache.set('cart', { lineItems: [] });
    cache.invalidate('cart');
    expect(seen).toEqual(['cart', 'cart']);
    expect(cache.peek('cart')).toBeUndefined();
  });
});
