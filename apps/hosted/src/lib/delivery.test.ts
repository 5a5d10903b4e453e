import { describe, expect, it, vi } from 'vitest';
import { deliver, deliveryFor, isNavigableUrl, type WindowLike } from './delivery.ts';

function fakeWindow(options: { opener?: boolean; framed?: boolean } = {}) {
  const opener = { postMessage: vi.fn() };
  const parent = { postMessage: vi.fn() };
  const win: WindowLike = {
    location: { replace: vi.fn() },
    opener: options.opener ? opener : null,
    postMessage: vi.fn(),
    parent: parent,
  };
  if (!options.framed) win.parent = win;
  return { win, opener, parent };
}

describe('deliveryFor', () => {
  it('redirects to the URL the server built (fragment or query)', () => {
    expect(deliveryFor({ redirectUrl: 'https://shop.example/cb#code=c&state=s' })).toEqual({
      kind: 'redirect',
      url: 'https://shop.example/cb#code=c&state=s',
    });
    expect(deliveryFor({ redirectUrl: 'com.shop.app://cb?code=c&state=s' }).kind).toBe('redirect');
  });

  it('posts web messages only to an http(s) origin', () => {
    const data = { code: 'c', state: 's' };
    expect(deliveryFor({ webMessage: { targetOrigin: 'https://shop.example', data } })).toEqual({
      kind: 'message',
      targetOrigin: 'https://shop.example',
      data,
    });
    expect(deliveryFor({ webMessage: { targetOrigin: '*', data } })).toEqual({ kind: 'none' });
  });

  it('never navigates to script or relative URLs', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript://x%0aalert(1)',
      'data:text/html,x',
      '/relative',
      '',
    ])
      expect(deliveryFor({ redirectUrl: url }), url).toEqual({ kind: 'none' });
    expect(deliveryFor({})).toEqual({ kind: 'none' });
    expect(isNavigableUrl('https://a.example/x')).toBe(true);
  });
});

describe('deliver', () => {
  it('replaces the location (no back button into a used page)', () => {
    const { win } = fakeWindow();
    expect(deliver({ kind: 'redirect', url: 'https://a.example/#code=1' }, win)).toBe('redirected');
    expect(win.location.replace).toHaveBeenCalledWith('https://a.example/#code=1');
  });

  it('posts to the opener first, then to the parent frame, with the target origin', () => {
    const message = {
      kind: 'message',
      targetOrigin: 'https://a.example',
      data: { code: '1', state: 's' },
    } as const;
    const popup = fakeWindow({ opener: true, framed: true });
    expect(deliver(message, popup.win)).toBe('posted');
    expect(popup.opener.postMessage).toHaveBeenCalledWith({ code: '1', state: 's' }, 'https://a.example');
    expect(popup.parent.postMessage).not.toHaveBeenCalled();

    const frame = fakeWindow({ framed: true });
    expect(deliver(message, frame.win)).toBe('posted');
    expect(frame.parent.postMessage).toHaveBeenCalledWith({ code: '1', state: 's' }, 'https://a.example');
  });

  it('has no one to post to in a top-level window', () => {
    const { win } = fakeWindow();
    expect(deliver({ kind: 'message', targetOrigin: 'https://a.example', data: {} }, win)).toBe('no-target');
    expect(win.postMessage).not.toHaveBeenCalled();
    expect(deliver({ kind: 'none' }, win)).toBe('nothing');
  });
});
