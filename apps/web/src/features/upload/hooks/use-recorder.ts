import { useCallback, useEffect, useRef, useState } from 'react';

import { containerType, pickRecordingType, recordingFileName } from '@/features/upload/utils/recording';

/** Data is collected every second, so a crash or a stop loses at most a second of the game. */
const TIMESLICE_MS = 1000;

export function canRecord(): boolean {
  return typeof MediaRecorder !== 'undefined';
}

/**
 * Records the camera stream (on at Rec, off at Stop, which uploads the recording): on Stop the
 * recording becomes a file `stream-{timestamp}.webm`, handed to `onRecorded`.
 */
export function useRecorder(stream: MediaStream | null, onRecorded: (file: File) => void) {
  const [recording, setRecording] = useState(false);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const latest = useRef(onRecorded);
  useEffect(() => {
    latest.current = onRecorded;
  });

  const start = useCallback(() => {
    if (!stream || recorder.current || !canRecord()) return;
    const mimeType = pickRecordingType((type) => MediaRecorder.isTypeSupported(type));
    const next = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    const timestamp = Date.now();
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    next.onstop = () => {
      recorder.current = null;
      setRecording(false);
      setStartedAt(null);
      if (chunks.length === 0) return;
      const type = containerType(next.mimeType || mimeType);
      latest.current(new File(chunks, recordingFileName(timestamp), { type, lastModified: timestamp }));
    };
    next.start(TIMESLICE_MS);
    recorder.current = next;
    setRecording(true);
    setStartedAt(timestamp);
  }, [stream]);

  const stop = useCallback(() => {
    if (recorder.current?.state !== 'inactive') recorder.current?.stop();
  }, []);

  // Leaving the page mid-recording discards it: nothing would be left to show its upload.
  useEffect(
    () => () => {
      const active = recorder.current;
      if (active && active.state !== 'inactive') {
        active.onstop = null;
        active.stop();
      }
    },
    [],
  );

  return { recording, startedAt, start, stop };
}
