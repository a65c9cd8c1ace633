import { estimatePhysiology, type RgbSample } from '@parley/analysis';
import {
  LIVE_INFERENCE_MESSAGES as M,
  LIVE_PHYSIOLOGY,
  type LivePhysiologyEstimate,
  type LiveSkinSample,
} from '@parley/contracts';

const NOTE =
  'estimated from the colour of your face in your camera (rPPG); not a medical measurement';
/** Below this the camera is too slow for a pulse of up to 150 bpm (and a harmonic). */
const MIN_FPS = 8;
const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * The last LIVE_PHYSIOLOGY.windowSec seconds of one capture's skin trace, as the browser sent
 * it: samples kept in time order, a repeated or earlier timestamp dropped (a resent batch).
 */
export class SkinWindow {
  private samples: RgbSample[] = [];
  total = 0;

  add(batch: readonly LiveSkinSample[]): number {
    let accepted = 0;
    for (const s of batch) {
      const last = this.samples[this.samples.length - 1];
      if (last && s.t <= last.t) continue;
      this.samples.push(
        s.regions
          ? { t: s.t, r: s.r, g: s.g, b: s.b, regions: s.regions }
          : { t: s.t, r: s.r, g: s.g, b: s.b },
      );
      accepted++;
    }
    this.total += accepted;
    const end = this.samples[this.samples.length - 1]?.t ?? 0;
    const from = this.samples.findIndex((s) => s.t >= end - LIVE_PHYSIOLOGY.windowSec);
    if (from > 0) this.samples = this.samples.slice(from);
    return accepted;
  }

  /**
   * The offline estimator over the window: heart rate only when its windows agree and the
   * pulse stands above the noise, else 'not enough signal' with the estimator's reason. HRV
   * and respiration are passed on with their own quality (usually 'low' or none over 30 s).
   */
  estimate(ids: { meetingId: string; inferenceId: string }, at: Date): LivePhysiologyEstimate {
    const s = this.samples;
    const span = s.length > 1 ? s[s.length - 1]!.t - s[0]!.t : 0;
    const fps = span > 0 ? (s.length - 1) / span : 0;
    const base = {
      ...ids,
      estimate: true as const,
      note: NOTE,
      windowSec: round1(span),
      fps: round1(fps),
      at: at.toISOString(),
    };
    const none = (reason: string): LivePhysiologyEstimate => ({
      ...base,
      status: 'not_enough_signal',
      reason: `${M.notEnoughSignal}: ${reason}`,
      heartRate: { bpm: null, snrDb: 0, qualityIndex: 0, quality: 'none' },
      hrv: { sdnnMs: null, quality: 'none' },
      respiration: { breathsPerMinute: null, quality: 'none' },
    });
    if (span <= 0) return none('no skin samples yet');
    if (fps < MIN_FPS)
      return none(`${round1(fps)} samples a second; at least ${MIN_FPS} are needed`);
    // The frame rate the resampler fills gaps to: the browser's own, rounded.
    const r = estimatePhysiology({ fps: Math.round(fps), samples: s });
    const hr = r.heartRate;
    if (hr.bpm === null)
      return {
        ...none(hr.reason?.replace(/^insufficient signal: /, '') ?? 'the pulse is too weak'),
        heartRate: {
          bpm: null,
          snrDb: round1(Math.max(-99, hr.snrDb)),
          qualityIndex: hr.qualityIndex,
          quality: 'none',
        },
      };
    return {
      ...base,
      status: 'estimate',
      reason: null,
      heartRate: {
        bpm: hr.bpm,
        snrDb: round1(hr.snrDb),
        qualityIndex: hr.qualityIndex,
        quality: hr.quality,
      },
      hrv: { sdnnMs: r.hrv.sdnnMs, quality: r.hrv.quality },
      respiration: {
        breathsPerMinute: r.respiration.breathsPerMinute,
        quality: r.respiration.quality,
      },
    };
  }
}
