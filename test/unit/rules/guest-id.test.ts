import { describe, expect, it } from 'vitest';
import { localGuestId } from '../../../shared/bridge/channels/guests';
import { isLocalGuestId, LOCAL_GUEST_ID_PREFIX, newLocalGuestId } from '../../../shared/rules/guest-id';

describe('local guest ids (one definition for the renderer, the bridge and the core)', () => {
  it('makes ids from a uuid that the check and the bridge accept', () => {
    const id = newLocalGuestId('1b4e28ba-2fa1-11d2-883f-0016d3cca427');
    expect(id).toBe('local-1b4e28ba-2fa1-11d2-883f-0016d3cca427');
    expect(id.startsWith(LOCAL_GUEST_ID_PREFIX)).toBe(true);
    expect(isLocalGuestId(id)).toBe(true);
    expect(localGuestId.safeParse(id).success).toBe(true);
  });

  it.each(['9001', '', 'local-', 'local-AB', 'Local-1b4e28ba', 'xlocal-1b4e28ba-2fa1', 42, null, undefined])(
    'refuses %s',
    (value) => {
      expect(isLocalGuestId(value)).toBe(false);
      expect(localGuestId.safeParse(value).success).toBe(false);
    },
  );
});
