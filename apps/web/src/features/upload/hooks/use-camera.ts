import { useCallback, useEffect, useRef, useState } from 'react';

/** The alert when the camera or microphone cannot be opened. */
export const MEDIA_DEVICES_ERROR = 'Error accessing media devices. Please check your camera and microphone permissions.';

/** HD is plenty for game film and keeps recordings a sensible size. */
const VIDEO_SIZE = { width: { ideal: 1280 }, height: { ideal: 720 } };

/**
 * The camera preview: opens camera and
 * microphone on request, lists the cameras once permission is given (labels are hidden before),
 * and flips through them. Tracks are stopped on leaving the page, so the camera light goes off.
 */
export function useCamera() {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState<string | undefined>();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    current.current?.getTracks().forEach((track) => track.stop());
    current.current = null;
    setStream(null);
  }, []);

  useEffect(() => stop, [stop]);

  const open = useCallback(
    async (wanted?: string) => {
      setStarting(true);
      setError(null);
      // Phones often cannot open a second camera while the first is on.
      stop();
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('getUserMedia is not available');
        const next = await navigator.mediaDevices.getUserMedia({
          // The back camera by default: a game is filmed, not the person holding the phone.
          video: wanted ? { deviceId: { exact: wanted }, ...VIDEO_SIZE } : { facingMode: { ideal: 'environment' }, ...VIDEO_SIZE },
          audio: true,
        });
        current.current = next;
        setStream(next);
        setDeviceId(next.getVideoTracks()[0]?.getSettings().deviceId ?? wanted);
        const devices = await navigator.mediaDevices.enumerateDevices();
        setCameras(devices.filter((device) => device.kind === 'videoinput'));
      } catch (cause) {
        console.error('Could not open the camera or microphone.', cause);
        setError(MEDIA_DEVICES_ERROR);
      } finally {
        setStarting(false);
      }
    },
    [stop],
  );

  const start = useCallback(() => open(deviceId), [open, deviceId]);

  /** Flip cycles through the cameras (only offered with more than one). */
  const flip = useCallback(() => {
    if (cameras.length < 2) return;
    const index = cameras.findIndex((camera) => camera.deviceId === deviceId);
    const next = cameras[(index + 1) % cameras.length];
    if (next) void open(next.deviceId);
  }, [cameras, deviceId, open]);

  return { stream, started: stream !== null, starting, error, canFlip: cameras.length > 1, start, flip };
}
