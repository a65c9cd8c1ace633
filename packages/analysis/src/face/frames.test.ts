import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../test-fixtures.js';
import { sampleFrames } from './frames.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-frames-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Processes whose command line names this file (the ffmpeg decoding it). */
function processesReading(file: string): number {
  let n = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(file)) n++;
    } catch {
      // gone meanwhile
    }
  }
  return n;
}

describe('sampleFrames given a signal', () => {
  it('stops at the next frame once aborted, and its ffmpeg with it', async () => {
    // A copy under a name of its own, so its decoder is the only process naming it.
    const file = path.join(dir, 'abort-me.mp4');
    copyFileSync(fixture('video/talking-face.mp4'), file);
    const stop = new AbortController();
    let frames = 0;
    let running = 0;
    const read = (async () => {
      for await (const _frame of sampleFrames(file, { fps: 2, signal: stop.signal })) {
        frames++;
        if (frames === 2) {
          running = processesReading(file);
          stop.abort(new Error('the job was given back'));
        }
      }
    })();
    await expect(read).rejects.toThrow('the job was given back');
    expect(running).toBe(1);
    expect(frames).toBe(2); // of 68
    // SIGKILL is delivered at once; the kernel may take a moment to reap the process.
    const deadline = Date.now() + 2000;
    while (processesReading(file) > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(processesReading(file)).toBe(0);
  });

  it('gives no frame when the signal was aborted before it started', async () => {
    const stop = new AbortController();
    stop.abort(new Error('stopped before'));
    const frames = sampleFrames(fixture('video/talking-face.mp4'), { signal: stop.signal });
    await expect(frames.next()).rejects.toThrow('stopped before');
  });
});
