import { describe, expect, it } from 'vitest';

import { fileFingerprint, loadPending, removePending, savePending } from '@/features/upload/utils/pending-uploads';

const file = { name: 'game.mp4', size: 100 * 1024 * 1024, lastModified: 1700000000000, type: 'video/mp4' };
const pending = { key: 'k1', protocol: 'tus' as const, url: '/api/uploads/tus', maxBytes: 1e10, expiresAt: '2030-01-01T00:00:00.000Z' };

describe('pending uploads', () => {
  it('remembers a resumable upload per user and file', () => {
    const mine = fileFingerprint('7', file);
    savePending(mine, pending);
    expect(loadPending(mine)).toEqual(pending);
    expect(loadPending(fileFingerprint('8', file))).toBeNull();
    expect(loadPending(fileFingerprint('7', { ...file, lastModified: 1 }))).toBeNull();
    removePending(mine);
    expect(loadPending(mine)).toBeNull();
  });

  it('forgets uploads that expire (or are about to)', () => {
    const id = fileFingerprint('7', file);
    savePending(id, { ...pending, expiresAt: '2025-01-01T00:10:00.000Z' });
    expect(loadPending(id, Date.parse('2025-01-01T00:00:00.000Z'))).not.toBeNull();
    expect(loadPending(id, Date.parse('2025-01-01T00:08:00.000Z'))).toBeNull();
    expect(window.localStorage.getItem('teamfilm.pending-uploads')).toBeNull();
  });

  it('survives unreadable storage', () => {
    window.localStorage.setItem('teamfilm.pending-uploads', '{not json');
    expect(loadPending('x')).toBeNull();
  });
});
