import { SAMPLE_RATE } from './decode.js';

/** 16-bit PCM WAV bytes, the input pocketsphinx reads (it checks the RIFF header). */
export function encodeWav(pcm: Float32Array, sampleRate = SAMPLE_RATE): Buffer {
  const out = Buffer.alloc(44 + pcm.length * 2);
  out.write('RIFF', 0);
  out.writeUInt32LE(36 + pcm.length * 2, 4);
  out.write('WAVEfmt ', 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(1, 22); // mono
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36);
  out.writeUInt32LE(pcm.length * 2, 40);
  for (let i = 0; i < pcm.length; i++) {
    const v = Math.max(-1, Math.min(1, pcm[i]!));
    out.writeInt16LE(Math.round(v * 32767), 44 + i * 2);
  }
  return out;
}

/**
 * Scales a piece so its peak sits at `target`. pocketsphinx's accuracy collapses on quiet
 * recordings (several FLEURS clips peak below 0.01), and a peak gain is cheap and cannot clip.
 */
export function peakNormalize(pcm: Float32Array, target = 0.9): Float32Array {
  let peak = 0;
  for (const v of pcm) peak = Math.max(peak, Math.abs(v));
  if (peak < 1e-4) return pcm; // digital silence: nothing to amplify
  const gain = target / peak;
  return pcm.map((v) => v * gain);
}
