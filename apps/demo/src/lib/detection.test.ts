import { describe, expect, it, vi } from 'vitest';
import {
  detectInstalledApps,
  type ProbeCart,
  type ProbeProduct,
  probeStore,
  type StoreProbeDeps,
} from './detection.ts';

describe('installed-app detection', () => {
  it('marks an app installed when its probe resolves and not installed on any failure', async () => {
    const log = vi.fn();
    const installed = await detectInstalledApps(
      {
        0: () => Promise.reject(new Error('404 Not Found')),
        1: () => Promise.resolve({ products: [] }),
        2: () => {
          throw new TypeError('synchronous failure');
        },
        // 3: no probe at all
      },
      log,
    );
    expect(installed).toEqual({ 0: false, 1: true, 2: false, 3: false });
    expect(log).toHaveBeenCalledTimes(2);
  });
});

function fakeStore(options: { products?: Omit<ProbeProduct, 'id'>[]; cart?: ProbeCart | null } = {}) {
  let cart: ProbeCart | null = options.cart ?? null;
  const calls: string[] = [];
  const deps: StoreProbeDeps = {
    queryProducts: async () => {
      calls.push('query');
      return (options.products ?? []).map((p, i) => ({ id: `p${i}`, ...p }));
    },
    getCart: async () => {
      calls.push('get');
      return cart;
    },
    addToCart: async (id, opts) => {
      calls.push(`add ${id} ${JSON.stringify(opts)}`);
      cart = { lineItems: [...(cart?.lineItems ?? []), { id }] };
    },
    deleteCart: async () => {
      calls.push('delete');
      cart = null;
    },
  };
  return { deps, calls };
}

describe('store probe', () => {
  const shirt = {
    productOptions: [
      { name: 'Size', choices: [{ description: 'S' }, { description: 'M' }] },
      { name: 'Color', choices: [{ description: 'Black' }, { description: 'White' }] },
    ],
  };

  it('queries, adds the first product with the first choice of each option, checks and deletes the cart', async () => {
    const { deps, calls } = fakeStore({ products: [shirt, {}] });
    await probeStore(deps);
    expect(calls).toEqual(['get', 'query', 'add p0 {"Size":"S","Color":"Black"}', 'get', 'delete']);
  });

  it('skips a sold-out first product', async () => {
    const { deps, calls } = fakeStore({ products: [{ stock: { inStock: false } }, {}] });
    await probeStore(deps);
    expect(calls).toContain('add p1 {}');
  });

  it('leaves a cart that already holds items alone', async () => {
    const { deps, calls } = fakeStore({ products: [shirt], cart: { lineItems: [{ id: 'mine' }] } });
    await probeStore(deps);
    expect(calls).toEqual(['get']);
  });

  it('fails when the cart stays empty after adding', async () => {
    const { deps } = fakeStore({ products: [shirt] });
    deps.addToCart = async () => ({});
    await expect(probeStore(deps)).rejects.toThrow('The cart stayed empty');
  });

  it('fails (not installed) when a call fails', async () => {
    const { deps } = fakeStore({ products: [shirt] });
    deps.queryProducts = () => Promise.reject(new Error('APP_NOT_INSTALLED'));
    await expect(detectInstalledApps({ 1: () => probeStore(deps) })).resolves.toMatchObject({ 1: false });
  });

  it('counts an empty catalog as installed without touching the cart', async () => {
    const { deps, calls } = fakeStore({ products: [] });
    await probeStore(deps);
    expect(calls).toEqual(['get', 'query']);
  });
});
