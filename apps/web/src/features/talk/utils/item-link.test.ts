import { describe, expect, it } from 'vitest';

import { isAppPath, itemLink } from '@/features/talk/utils/item-link';

const channel = { owner: 'coach', channel: 'main' };

describe('itemLink', () => {
  it('links each type by the rules', () => {
    expect(itemLink({ type: 'reel', action: '/team/clips/r1', channel })).toEqual({ kind: 'path', label: 'View Clip', to: '/team/clips/r1' });
    expect(itemLink({ type: 'reel', action: 'r 1', channel })).toEqual({ kind: 'path', label: 'View Reel', to: '/channels/coach/main/reels/r%201' });
    expect(itemLink({ type: 'live', action: 'k/1', channel })).toEqual({ kind: 'path', label: 'Watch Live Game', to: '/game/k%2F1' });
    expect(itemLink({ type: 'live', action: 'k/1', channel, ended: false })).toEqual({ kind: 'path', label: 'Watch Live Game', to: '/game/k%2F1' });
    expect(itemLink({ type: 'live', action: 'k/1', channel, ended: true })).toEqual({ kind: 'path', label: 'Watch the recording', to: '/live/archives/k%2F1' });
    expect(itemLink({ type: 'video', action: 'v1', channel })).toEqual({ kind: 'path', label: 'Go to Video', to: '/video/v1' });
    expect(itemLink({ type: 'link', action: '/team/members/ann', channel })).toEqual({ kind: 'path', label: 'Open link', to: '/team/members/ann' });
    expect(itemLink({ type: 'link', action: 'https://example.com/a', channel })).toEqual({ kind: 'external', label: 'Open link', href: 'https://example.com/a' });
    expect(itemLink({ type: 'join', action: null, channel })).toEqual({ kind: 'join', label: 'Join channel', owner: 'coach', channel: 'main' });
  });

  it('links nowhere for a plain post, a missing action or an address that is not a web page', () => {
    expect(itemLink({ type: null, action: '/x', channel })).toBeNull();
    expect(itemLink({ type: 'video', action: null, channel })).toBeNull();
    expect(itemLink({ type: 'link', action: 'javascript:alert(1)', channel })).toBeNull();
    expect(itemLink({ type: 'link', action: '//evil.example/x', channel })).toBeNull();
  });

  it('takes only paths of this app as in-app paths', () => {
    expect(isAppPath('/settings')).toBe(true);
    expect(isAppPath('//evil.example')).toBe(false);
    expect(isAppPath('/\\evil.example')).toBe(false);
    expect(isAppPath('https://x.example')).toBe(false);
    expect(isAppPath(null)).toBe(false);
  });
});
