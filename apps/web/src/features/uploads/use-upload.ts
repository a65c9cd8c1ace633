import { useCallback, useEffect, useRef, useState } from 'react';
import type { Meeting, StorageProvider, MeetingStage } from '@parley/contracts';
import { apiClient, failureMessage } from '../../lib/api';
import { UploadCancelledError, UploadError, uploadFile } from './upload';

/** Spec 1 §4, §9: at 100 % wait 1.5 s, show the result, close 1 s later. */
export const RESULT_DELAY_MS = 1500;
export const CLOSE_DELAY_MS = 1000;

export type UploadPhase = 'form' | 'uploading' | 'uploaded' | 'failed';

export interface UploadInput {
  file: File;
  provider: StorageProvider;
  stage: MeetingStage;
  title: string;
  /**
   * What else the upload means once its meeting exists (coaching makes it a training video).
   * A failure here is a failure after every chunk was sent: 'Upload Failed', then close.
   */
  after?: (meeting: Meeting) => Promise<unknown>;
}

interface Callbacks {
  onUploaded(meeting: Meeting): void;
  /** Failed after all chunks were sent: the dialog closes and the message is toasted. */
  onFailedLate(message: string): void;
}

const wait = (ms: number) => new Promise((r) => window.setTimeout(r, ms));

/** The upload dialog's states: form → uploading → Uploaded / Upload Failed. */
export function useUpload({ onUploaded, onFailedLate }: Callbacks) {
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
    async (input: UploadInput) => {
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
        await input.after?.(meeting);
        await settle();
        if (!live.current) return;
        setPhase('uploaded');
        await wait(CLOSE_DELAY_MS);
        onUploaded(meeting);
      } catch (e) {
        if (!live.current) return;
        if (e instanceof UploadCancelledError) {
          setProgress(0);
          setPhase('form');
          return;
        }
        const message =
          e instanceof UploadError ? e.message : failureMessage(e, 'Failed to upload');
        if (fullAt) {
          // Every chunk was sent; completing failed. Show 'Upload Failed', then close.
          await settle();
          if (!live.current) return;
          setPhase('failed');
          setError(message);
          await wait(CLOSE_DELAY_MS);
          onFailedLate(message);
          return;
        }
        setProgress(0);
        setError(message);
        setPhase('form');
      } finally {
        if (abort.current === ctl) abort.current = null;
      }
    },
    [onUploaded, onFailedLate],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);
  const reset = useCallback(() => {
    setPhase('form');
    setProgress(0);
    setError(null);
  }, []);

  return { phase, progress, error, setError, start, cancel, reset };
}
