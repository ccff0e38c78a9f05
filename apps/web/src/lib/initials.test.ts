import { describe, expect, it } from 'vitest';

import { initialsOf } from '@/lib/initials';

describe('initialsOf', () => {
  it.each([
    [{ firstname: 'Casey', lastname: 'Coach', name: 'Someone Else', username: 'xy' }, 'CC'],
    [{ name: 'Alex Athlete', username: 'ath' }, 'AA'],
    [{ name: '  mary  ann   de  souza ', username: 'mads' }, 'MS'],
    [{ name: 'Zoë Østergaard', username: 'zo' }, 'ZØ'],
    [{ name: 'Prince', username: 'purple' }, 'P'],
    [{ firstname: 'Jo', lastname: null, name: null, username: 'jo99' }, 'J'],
    [{ name: null, username: 'ath' }, 'AT'],
    [{ name: '   ', username: 'coach' }, 'CO'],
  ])('%j -> %s', (person, expected) => {
    expect(initialsOf(person)).toBe(expected);
  });
});
