import { describe, expect, it } from 'vitest';
import { isAppPath } from '@app/contracts/talk';

// A notification opens its action in the app: anything a browser could read as another site must be refused.
describe('isAppPath', () => {
  it('takes a path of this app, with its query and fragment', () => {
    for (const path of ['/', '/team/messages', '/team/messages/9b1?reply=2#r', '/a/%20x', '/settings/']) expect(isAppPath(path), path).toBe(true);
  });

  it('refuses other hosts, schemes and relative paths', () => {
    for (const path of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'team/messages', '', ' /team']) expect(isAppPath(path), path).toBe(false);
  });

  it('refuses spaces, backslashes and control characters anywhere', () => {
    for (const path of ['/team messages', '/team\\messages', '/team\nmessages', '/team\tx', '/x\u0000', '/x\u007f', '/x\u2003y']) expect(isAppPath(path), JSON.stringify(path)).toBe(false);
  });
});
