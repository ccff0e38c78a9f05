import { useCallback, useEffect, useRef, useState } from 'react';

import { overallPercent, UploadProgress } from '@/features/upload/utils/upload-progress';
import { uploadVideoFile, type UploadContext } from '@/features/upload/utils/upload-file';

type UploadRun = {
  progress: UploadProgress;
  files: File[];
  /** Bytes sent per file. */
  loaded: number[];
  /** The video key per file once its upload is complete (kept across a retry: those are not sent again). */
  keys: (string | null)[];
  error: unknown;
};

const idle: UploadRun = { progress: UploadProgress.idle, files: [], loaded: [], keys: [], error: null };

/**
 * The upload queue of the upload page: files go one after another (one connection at full speed
 * finishes the first video sooner than several sharing it), progress is by bytes over all files,
 * and a failed run can be retried (completed files are skipped, a resumable one continues) or the
 * failed file removed from it.
 * Leaving the page cancels; the browser asks before closing the tab mid-upload.
 */
export function useUploads(context: UploadContext, { onComplete }: { onComplete: (keys: string[]) => void }) {
  const [run, setRun] = useState<UploadRun>(idle);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef({ context, onComplete });
  useEffect(() => {
    latest.current = { context, onComplete };
  });

  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    if (run.progress !== UploadProgress.uploading) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [run.progress]);

  const execute = useCallback(async (files: File[], doneKeys: (string | null)[]) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const keys = [...doneKeys];
    setRun({
      progress: UploadProgress.uploading,
      files,
      loaded: files.map((file, i) => (keys[i] ? file.size : 0)),
      keys,
      error: null,
    });
    for (const [index, file] of files.entries()) {
      if (keys[index]) continue;
      try {
        const done = await uploadVideoFile(file, latest.current.context, {
          signal: abort.signal,
          onProgress: (loaded) =>
            setRun((current) =>
              current.files === files ? { ...current, loaded: current.loaded.map((value, i) => (i === index ? loaded : value)) } : current,
            ),
        });
        keys[index] = done.key;
        setRun((current) => (current.files === files ? { ...current, keys: [...keys] } : current));
      } catch (error) {
        if (abort.signal.aborted) return;
        setRun((current) => (current.files === files ? { ...current, progress: UploadProgress.failed, error } : current));
        return;
      }
    }
    setRun((current) => (current.files === files ? { ...current, progress: UploadProgress.complete } : current));
    latest.current.onComplete(keys.filter((key): key is string => key !== null));
  }, []);

  const start = useCallback(
    (files: File[]) => {
      if (files.length === 0 || run.progress === UploadProgress.uploading) return;
      void execute(files, files.map(() => null));
    },
    [execute, run.progress],
  );

  const retry = useCallback(() => {
    if (run.progress !== UploadProgress.failed) return;
    void execute(run.files, run.keys);
  }, [execute, run]);

  /** Drops the file that failed (the first one not done) and goes on with the rest. */
  const removeFailed = useCallback(() => {
    if (run.progress !== UploadProgress.failed) return;
    const failed = run.keys.findIndex((key, i) => !key && i < run.files.length);
    const files = run.files.filter((_, i) => i !== failed);
    const keys = run.keys.filter((_, i) => i !== failed);
    if (files.length === 0) setRun(idle);
    else void execute(files, keys);
  }, [execute, run]);

  const failedFile = run.progress === UploadProgress.failed ? run.files.find((_, i) => !run.keys[i])?.name : undefined;

  const percent = overallPercent(run.files.map((file, i) => ({ loaded: run.keys[i] ? file.size : (run.loaded[i] ?? 0), total: file.size })));

  return { progress: run.progress, count: run.files.length, percent, error: run.error, failedFile, start, retry, removeFailed };
}
