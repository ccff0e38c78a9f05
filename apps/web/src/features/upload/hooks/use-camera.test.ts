import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { useCamera } from '@/features/upload/hooks/use-camera';

type FakeTrack = { stop: ReturnType<typeof vi.fn>; getSettings: () => { deviceId: string } };

/** A browser with these cameras: getUserMedia opens the one asked for (exact deviceId), else the first. */
function fakeDevices(cameraIds: string[]) {
  const opened: { deviceId: string; track: FakeTrack }[] = [];
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    const video = constraints.video as { deviceId?: { exact: string } };
    const deviceId = video.deviceId?.exact ?? cameraIds[0]!;
    const track: FakeTrack = { stop: vi.fn(), getSettings: () => ({ deviceId }) };
    opened.push({ deviceId, track });
    return { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
  });
  const enumerateDevices = vi.fn(async () => [
    { kind: 'audioinput', deviceId: 'mic' },
    ...cameraIds.map((deviceId) => ({ kind: 'videoinput', deviceId, label: deviceId })),
  ]);
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia, enumerateDevices } });
  return { opened, getUserMedia };
}

describe('useCamera', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers no Flip with one camera', async () => {
    fakeDevices(['back']);
    const { result } = renderHook(() => useCamera());
    await act(() => result.current.start());
    expect(result.current.started).toBe(true);
    expect(result.current.canFlip).toBe(false);
  });

  it('Flip cycles through the cameras, stopping the one before', async () => {
    const { opened } = fakeDevices(['back', 'front', 'wide']);
    const { result } = renderHook(() => useCamera());
    await act(() => result.current.start());
    expect(result.current.canFlip).toBe(true);

    for (let i = 0; i < 3; i++) {
      act(() => result.current.flip());
      await waitFor(() => expect(opened).toHaveLength(i + 2));
      await waitFor(() => expect(result.current.starting).toBe(false));
    }
    expect(opened.map((o) => o.deviceId)).toEqual(['back', 'front', 'wide', 'back']);
    // Every camera but the one now open was released.
    expect(opened.slice(0, -1).every((o) => o.track.stop.mock.calls.length > 0)).toBe(true);
    expect(opened.at(-1)!.track.stop).not.toHaveBeenCalled();
  });

  it('stops the camera when the page goes away', async () => {
    const { opened } = fakeDevices(['back', 'front']);
    const { result, unmount } = renderHook(() => useCamera());
    await act(() => result.current.start());
    unmount();
    expect(opened[0]!.track.stop).toHaveBeenCalled();
  });
});
