import { useCallback, useEffect, useRef, useState } from 'react';
import {
  LIVE_INFERENCE_EVENTS as E,
  LIVE_INFERENCE_MESSAGES as M,
  LIVE_PHYSIOLOGY,
  liveInferenceRoutes,
  livePhysiologyEstimateSchema,
  livePhysiologyRunSchema,
  type LivePhysiologyEstimate,
  type LivePhysiologyRun,
  type LiveSkinSample,
} from '@parley/contracts';
import { api } from '../../lib/api';
import { useMeetingChannel, type Connect } from '../../lib/realtime';
import { toast } from '../../lib/toast';

const EVENTS = [E.physiologyStarted, E.physiologyStopped, E.physiologyData] as const;

export interface LivePhysiology {
  /** The capture this browser runs (its own camera), or null. */
  inferenceId: string | null;
  busy: boolean;
  /** The latest estimate of this browser's capture; cleared when a capture starts. */
  estimate: LivePhysiologyEstimate | null;
  /** Captures that stopped in this call, newest last (others' too). */
  stopped: LivePhysiologyRun[];
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The sampler's samples; sent a batch a second while the capture runs. */
  push(sample: LiveSkinSample): void;
}

/**
 * Live physiology of the participant's own face (spec 2 §4): start and stop on the server,
 * skin colour samples posted a second's worth at a time, estimates from the meeting's room.
 * Starting resets what was shown (the live video analytics); a failed start or stop shows
 * the spec's toast.
 */
export function useLivePhysiology(
  meetingId: string,
  opts: { connect?: Connect } = {},
): LivePhysiology {
  const [inferenceId, setInferenceId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [estimate, setEstimate] = useState<LivePhysiologyEstimate | null>(null);
  const [stopped, setStopped] = useState<LivePhysiologyRun[]>([]);
  const pending = useRef<LiveSkinSample[]>([]);
  const current = useRef<string | null>(null);

  const onEvent = useCallback(
    (name: string, payload: unknown) => {
      if (name === E.physiologyData) {
        const p = livePhysiologyEstimateSchema.safeParse(payload);
        if (p.success && p.data.inferenceId === current.current) setEstimate(p.data);
        return;
      }
      const run = livePhysiologyRunSchema.safeParse(payload);
      if (!run.success || run.data.meetingId !== meetingId) return;
      if (name === E.physiologyStopped) {
        setStopped((list) => [
          ...list.filter((r) => r.inferenceId !== run.data.inferenceId),
          run.data,
        ]);
        if (run.data.inferenceId === current.current) {
          current.current = null;
          setInferenceId(null);
        }
      }
    },
    [meetingId],
  );
  useMeetingChannel(meetingId, {
    events: EVENTS,
    onEvent,
    closeOnTerminal: false,
    ...(opts.connect ? { connect: opts.connect } : {}),
  });

  // A batch a second while running; what a failed post held is dropped (the window moves on).
  useEffect(() => {
    if (!inferenceId) return;
    const timer = setInterval(() => {
      const samples = pending.current.splice(0, LIVE_PHYSIOLOGY.maxBatch);
      pending.current = [];
      if (samples.length === 0) return;
      api(liveInferenceRoutes.physiologySamples, {
        body: { inferenceId, samples },
        toast: false,
      }).then(
        (res) => res.estimate && setEstimate(res.estimate),
        () => undefined,
      );
    }, LIVE_PHYSIOLOGY.postEveryMs);
    return () => clearInterval(timer);
  }, [inferenceId]);

  const fail = () => toast({ title: M.physiologyFailed, variant: 'error' });

  return {
    inferenceId,
    busy,
    estimate,
    stopped,
    async start() {
      setBusy(true);
      try {
        const run = await api(liveInferenceRoutes.startPhysiology, {
          body: { meetingId },
          toast: false,
        });
        pending.current = [];
        current.current = run.inferenceId;
        setEstimate(null);
        setInferenceId(run.inferenceId);
      } catch {
        fail();
      } finally {
        setBusy(false);
      }
    },
    async stop() {
      const id = current.current;
      if (!id) return;
      setBusy(true);
      current.current = null;
      setInferenceId(null);
      try {
        const run = await api(liveInferenceRoutes.stopPhysiology, {
          body: { inferenceId: id },
          toast: false,
        });
        setStopped((list) => [...list.filter((r) => r.inferenceId !== id), run]);
        setEstimate(run.summary);
      } catch {
        fail();
      } finally {
        setBusy(false);
      }
    },
    push(sample) {
      if (!current.current) return;
      pending.current.push(sample);
    },
  };
}
