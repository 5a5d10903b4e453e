import fc from 'fast-check';
import { it } from 'vitest';
import { docsArb, filterArb } from './arbitraries.test-helper.ts';
import { referenceQuery } from './reference.test-helper.ts';

it('stats', () => {
  const samples = fc.sample(fc.tuple(docsArb(30), filterArb), 2000);
  let none = 0, all = 0, some = 0;
  for (const [docs, filter] of samples) {
    const n = referenceQuery(docs, { filter }).length;
    if (n === 0) none++; else if (n === docs.length) all++; else some++;
  }
  console.log({ none, all, some });
  console.log(JSON.stringify(samples.slice(0, 5).map((s) => s[1])));
});
