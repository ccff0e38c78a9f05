import { describe, expect, it } from 'vitest';

import { detectMode } from '@/lib/auth/mode';

describe('detectMode', () => {
  it.each([
    ['https:', 'localhost', 'test'],
    ['https:', 'app.localhost', 'test'],
    ['https:', '127.0.0.1', 'test'],
    ['https:', '10.1.2.3', 'test'],
    ['https:', '172.16.0.9', 'test'],
    ['https:', '172.31.255.1', 'test'],
    ['https:', '192.168.1.20', 'test'],
    ['https:', '169.254.10.10', 'test'],
    ['https:', '[::1]', 'test'],
    ['https:', '[fd12:3456::1]', 'test'],
    ['http:', 'teamfilm.example.com', 'test'],
    ['http:', '8.8.8.8', 'test'],
    ['https:', '172.32.0.1', 'live'],
    ['https:', '11.0.0.1', 'live'],
    ['https:', '192.169.1.1', 'live'],
    ['https:', 'teamfilm.example.com', 'live'],
    ['https:', 'localhost.example.com', 'live'],
  ] as const)('%s//%s -> %s', (protocol, hostname, mode) => {
    expect(detectMode({ protocol, hostname })).toBe(mode);
  });
});
