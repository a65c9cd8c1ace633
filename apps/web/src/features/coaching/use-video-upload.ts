import { useCallback, useEffect, useRef, useState } from 'react';
import type { MeetingStage, StorageProvider } from '@parley/contracts';
import { apiClient, failureMessage } from '../../lib/api';
import {
  CLOSE_DELAY_MS,
  RESULT_DELAY_MS,
  UploadCancelledError,
  UploadError,
  uploadFile,
} from '../uploads';

export type UploadPhase = 'form' | 'uploading' | 'uploaded' | 'failed';

const wait = (ms: number) => new Promise((r) => window.setTimeout(r, ms));

interface VideoUpload {
  file: File;
  provider: StorageProvider;
  title: string;
  stage: MeetingStage;
  /** Makes the completed upload (named by its file) a training video. */
  makeVideo(fileName: string): Promise<unknown>;
}

/**
 * A training video's upload (spec 1 §4): the chunked upload of the library, then the call that
 * makes the new meeting coaching content. At 100 % the dialog waits 1.5 s, shows Uploaded or
 * Upload Failed, and closes 1 s later; a failure before 100 % returns to the form with the
 * message, the bar back at 0.
 */
export function useVideoUpload(onDone: (ok: boolean, message: string | null) => void) {
  const [phase, setPhase] = useState<UploadPhase>('form');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      abort.current?.abort();
    };
  }, []);

  const start = useCallback(
    async (input: VideoUpload) => {
      const ctl = new AbortController();
      abort.current = ctl;
      let fullAt = 0;
      setError(null);
      setProgress(0);
      setPhase('uploading');
      const settle = async () => {
        const left = fullAt ? RESULT_DELAY_MS - (Date.now() - fullAt) : 0;
        if (left > 0) await wait(left);
      };
      let message: string | null = null;
      try {
        const meeting = await uploadFile(
          {
            file: input.file,
            provider: input.provider,
            stage: input.stage,
            title: input.title,
            signal: ctl.signal,
            onProgress: (p) => {
              if (p === 100 && !fullAt) fullAt = Date.now();
              if (live.current) setProgress(p);
            },
          },
          { client: apiClient },
        );
        try {
          await input.makeVideo(meeting.meetingCode);
        } catch (e) {
          message = failureMessage(e, 'Meeting Video Upload Failed');
        }
      } catch (e) {
        if (!live.current) return;
        if (e instanceof UploadCancelledError) {
          setProgress(0);
          setPhase('form');
          return;
        }
        message = e instanceof UploadError ? e.message : 'An error occurred';
        if (!fullAt) {
          setProgress(0);
          setError(message);
          setPhase('form');
          return;
        }
      } finally {
        if (abort.current === ctl) abort.current = null;
      }
      await settle();
      if (!live.current) return;
      setError(message);
      setPhase(message ? 'failed' : 'uploaded');
      await wait(CLOSE_DELAY_MS);
      if (live.current) onDone(!message, message);
    },
    [onDone],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);
  const reset = useCallback(() => {
    setPhase('form');
    setProgress(0);
    setError(null);
  }, []);
  return { phase, progress, error, setError, start, cancel, reset };
}
