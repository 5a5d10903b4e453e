import { describe, expect, it, vi } from 'vitest';
import { detectInstalledApps, firstChoices, probeStore } from './detection.ts';

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

describe('store probe', () => {
  it('is the catalog read: installed when it answers, even with no products', async () => {
    const query = vi.fn(async () => []);
    await expect(detectInstalledApps({ 1: () => probeStore(query) })).resolves.toMatchObject({ 1: true });
    expect(query).toHaveBeenCalledTimes(1);
  });

  it('fails (not installed) when the catalog refuses', async () => {
    const query = () => Promise.reject(new Error('APP_NOT_INSTALLED'));
    await expect(detectInstalledApps({ 1: () => probeStore(query) })).resolves.toMatchObject({ 1: false });
  });
});

describe('first choices', () => {
  it('takes the first choice of each option by its description', () => {
    const shirt = {
      productOptions: [
        { name: 'Size', choices: [{ description: 'S' }, { description: 'M' }] },
        { name: 'Color', choices: [{ description: 'Black' }, { description: 'White' }] },
        { name: 'Empty', choices: [] },
      ],
    };
    expect(firstChoices(shirt)).toEqual({ Size: 'S', Color: 'Black' });
    expect(firstChoices({})).toEqual({});
  });
});
