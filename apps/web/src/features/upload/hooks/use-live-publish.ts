import { useCallback, useEffect, useRef, useState } from 'react';

import { useFreshToken } from '@/lib/auth/use-fresh-token';
import {
  closeMessage,
  LIVE_TIMESLICE_MS,
  LIVE_VIDEO_BITS_PER_SECOND,
  NO_LIVE_RECORDER,
  pickLiveType,
  publishUrl,
} from '@/features/upload/utils/live-publish';
import { errorMessage } from '@/lib/error-message';

export type LivePhase = 'idle' | 'connecting' | 'live';

export interface LivePublish {
  phase: LivePhase;
  /** The event being (or last) streamed, for the viewer link. */
  eventKey: string | null;
  startedAt: number | null;
  error: string | null;
  /** Streams `stream` to the event `getEventKey` gives (created on demand). */
  start: (stream: MediaStream, getEventKey: () => Promise<string>) => Promise<void>;
  /** Sends what is recorded so far, then closes: the event ends as after an encoder's stop. */
  end: () => void;
}

/**
 * "Go live from this phone": the camera's MediaRecorder chunks go over a WebSocket to
 * `GET /api/live/{key}/publish`, where the server publishes them to its own ingest. Recording starts
 * when the server says it is ready, so the first chunk (the WebM header) is never lost.
 */
export function useLivePublish(): LivePublish {
  const getToken = useFreshToken();
  const [phase, setPhase] = useState<LivePhase>('idle');
  const [eventKey, setEventKey] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  // Set by End: the close that follows is the user's, not an error.
  const ending = useRef(false);

  const stopRecorder = () => {
    const active = recorder.current;
    recorder.current = null;
    if (active && active.state !== 'inactive') {
      active.ondataavailable = null;
      active.stop();
    }
  };

  const start = useCallback(
    async (stream: MediaStream, getEventKey: () => Promise<string>) => {
      if (socket.current) return;
      setError(null);
      const mimeType = typeof MediaRecorder === 'undefined' ? undefined : pickLiveType((type) => MediaRecorder.isTypeSupported(type));
      if (!mimeType) {
        setError(NO_LIVE_RECORDER);
        return;
      }
      setPhase('connecting');
      let key: string;
      let token: string | null;
      try {
        key = await getEventKey();
        token = await getToken();
      } catch (cause) {
        setPhase('idle');
        setError(errorMessage(cause));
        return;
      }
      if (!token) {
        setPhase('idle');
        setError('Sign in to go live.');
        return;
      }
      setEventKey(key);
      const ws = new WebSocket(publishUrl(window.location, key, token));
      socket.current = ws;
      ending.current = false;
      ws.onmessage = (message) => {
        if (typeof message.data !== 'string' || (JSON.parse(message.data) as { type?: string }).type !== 'ready' || recorder.current) return;
        const next = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: LIVE_VIDEO_BITS_PER_SECOND });
        next.ondataavailable = (event) => {
          if (event.data.size > 0 && ws.readyState === WebSocket.OPEN) ws.send(event.data);
        };
        // The last chunk is handed over before `stop` fires: then the socket may close.
        next.onstop = () => {
          if (ending.current) ws.close(1000, 'Ended');
        };
        next.start(LIVE_TIMESLICE_MS);
        recorder.current = next;
        setStartedAt(Date.now());
        setPhase('live');
      };
      ws.onclose = (event) => {
        socket.current = null;
        stopRecorder();
        setPhase('idle');
        setStartedAt(null);
        if (!ending.current) setError(closeMessage(event.code, event.reason));
      };
    },
    [getToken],
  );

  const end = useCallback(() => {
    const ws = socket.current;
    if (!ws) return;
    ending.current = true;
    const active = recorder.current;
    if (active && active.state !== 'inactive') active.stop();
    else ws.close(1000, 'Ended');
  }, []);

  // Leaving the page ends the stream: nothing would be left to show it or to end it.
  useEffect(
    () => () => {
      stopRecorder();
      socket.current?.close(1000, 'Left the page');
    },
    [],
  );

  return { phase, eventKey, startedAt, error, start, end };
}
