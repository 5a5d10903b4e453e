import { describe, expect, it } from 'vitest';
import { storeThankYouUrl, webUrl } from './urls.ts';

describe('store links', () => {
  it('only link to web pages', () => {
    expect(webUrl('https://shop.example/cart')).toBe('https://shop.example/cart');
    expect(webUrl('http://127.0.0.1:3000/')).toBe('http://127.0.0.1:3000/');
    expect(webUrl('javascript:alert(1)')).toBeUndefined();
    expect(webUrl('myapp://done')).toBeUndefined();
    expect(webUrl(undefined)).toBeUndefined();
  });

  it("tell the store's thank-you page which order it is about", () => {
    expect(storeThankYouUrl('https://shop.example/thanks?from=hosted', 'o-1')).toBe(
      'https://shop.example/thanks?from=hosted&orderId=o-1',
    );
    expect(storeThankYouUrl('data:text/html,x', 'o-1')).toBeUndefined();
  });
});
