import { z } from 'zod';
import { inferenceEnvelope } from './video-signals-source.js';

/**
 * Physiology of a meeting's faces (rPPG): heart rate and its course, HRV, respiration, and
 * the values a camera cannot measure well — stress, SpO2, blood pressure — always labelled
 * `estimate: true` with a note (spec 2 §3 physiological averages).
 */
const quality = z.enum(['good', 'low', 'none']);
const estimateLabel = { estimate: z.literal(true), note: z.string() };

export const physiologyPersonSchema = z.object({
  personId: z.string(),
  durationSec: z.number(),
  fps: z.number(),
  heartRate: z.object({
    /** Null when the signal cannot be trusted; `reason` then says why ('insufficient signal'). */
    bpm: z.number().nullable(),
    /** Absent on results stored before the quality index existed. */
    reason: z.string().nullable().optional(),
    snrDb: z.number(),
    /** Share of 10 s windows agreeing on the rate (0–1); a rate is given from 0.75 up. */
    qualityIndex: z.number().optional(),
    quality,
    method: z.string(),
    /** Skin regions fused (forehead and both cheeks of a face). */
    regions: z.number().optional(),
  }),
  heartRateSeries: z.array(
    z.object({ t: z.number(), bpm: z.number().nullable(), snrDb: z.number() }),
  ),
  hrv: z.object({
    sdnnMs: z.number().nullable(),
    rmssdMs: z.number().nullable(),
    beats: z.number(),
    quality,
    reason: z.string().optional(),
  }),
  respiration: z.object({
    breathsPerMinute: z.number().nullable(),
    source: z.string().nullable(),
    quality,
  }),
  stress: z.object({
    ...estimateLabel,
    level: z.enum(['low', 'medium', 'high']).nullable(),
    index: z.number().nullable(),
    basis: z.string(),
    quality,
  }),
  spo2: z.object({ ...estimateLabel, percent: z.number().nullable() }),
  bloodPressure: z.object({
    ...estimateLabel,
    systolic: z.number().nullable(),
    diastolic: z.number().nullable(),
  }),
});
export type PhysiologyPerson = z.infer<typeof physiologyPersonSchema>;

export const physiologicalAveragesSchema = z.object({
  Heart_Rate: z.number().nullable(),
  HRV_SDNN: z.number().nullable(),
  Systolic_BP: z.number().nullable(),
  Diastolic_BP: z.number().nullable(),
  Blood_Oxygen: z.number().nullable(),
  Respiration: z.number().nullable(),
  Stress_Level: z.number().nullable(),
});

export const physiologicalResponseSchema = inferenceEnvelope({
  /** Blood pressure, SpO2 and stress in `averages` are estimates (see `estimated`). */
  estimated: z.array(z.enum(['Systolic_BP', 'Diastolic_BP', 'Blood_Oxygen', 'Stress_Level'])),
  averages: physiologicalAveragesSchema.nullable(),
  persons: z.array(physiologyPersonSchema),
});
export type PhysiologicalResponse = z.infer<typeof physiologicalResponseSchema>;

export const spo2ResponseSchema = inferenceEnvelope({
  estimate: z.literal(true),
  note: z.string(),
  persons: z.array(
    z.object({
      personId: z.string(),
      spo2: physiologyPersonSchema.shape.spo2,
      bloodPressure: physiologyPersonSchema.shape.bloodPressure,
    }),
  ),
});
export type Spo2Response = z.infer<typeof spo2ResponseSchema>;

export const PHYSIOLOGY_STATES = ['idle', 'running', 'done', 'failed'] as const;
export const physiologyStatusSchema = z.object({
  meetingId: z.string(),
  physiologyStatus: z.enum(PHYSIOLOGY_STATES),
  /** 0–100. */
  progress: z.number(),
  error: z.string().nullable(),
});
export type PhysiologyStatus = z.infer<typeof physiologyStatusSchema>;
