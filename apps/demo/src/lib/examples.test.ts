import { describe, expect, it } from 'vitest';
import shipped from '../../public/examples.json' with { type: 'json' };
import { noAppsInstalled } from './apps.ts';
import { appOfExample, type Example, parseExamples, splitByInstalled, visibleExamples } from './examples.ts';

const example = (slug: string, orderId: number): Example => ({
  data: { slug, orderId, title: slug, description: '', installLink: '' },
});

describe('examples list', () => {
  it('parses the shipped /examples.json: the four examples in order', () => {
    const examples = parseExamples(shipped);
    expect(examples.map((e) => [e.data.slug, e.data.orderId])).toEqual([
      ['/booking', 1],
      ['/store', 2],
      ['/tickets', 3],
      ['/subscriptions', 4],
    ]);
    for (const e of examples) expect(e.data.title).not.toBe('');
  });

  it('removes /subscriptions and sorts by orderId', () => {
    const list = [example('/tickets', 3), example('/subscriptions', 4), example('/booking', 1)];
    expect(visibleExamples(list).map((e) => e.data.slug)).toEqual(['/booking', '/tickets']);
  });

  it('drops malformed entries', () => {
    expect(
      parseExamples([{ data: { slug: '/x' } }, null, { nope: 1 }, { data: { slug: '/y', orderId: 2 } }]),
    ).toEqual([{ data: { slug: '/y', orderId: 2, title: 'y', description: '', installLink: '' } }]);
    expect(parseExamples('not a list')).toEqual([]);
  });

  it('maps an example to its app by orderId - 1', () => {
    expect(appOfExample(example('/booking', 1))).toBe(0);
    expect(appOfExample(example('/store', 2))).toBe(1);
    expect(appOfExample(example('/tickets', 3))).toBe(2);
    expect(appOfExample(example('/subscriptions', 4))).toBe(3);
    expect(appOfExample(example('/other', 9))).toBeUndefined();
  });

  it('splits by the detection result; an unknown app is not installed', () => {
    const installed = { ...noAppsInstalled(), 1: true };
    const list = [example('/booking', 1), example('/store', 2), example('/tickets', 3), example('/x', 0)];
    const split = splitByInstalled(list, installed);
    expect(split.installed.map((e) => e.data.slug)).toEqual(['/store']);
    expect(split.notInstalled.map((e) => e.data.slug)).toEqual(['/booking', '/tickets', '/x']);
  });
});
