import { describe, expect, it } from 'vitest';
import { azureBlockId } from '@parley/contracts';
import { UploadCancelledError, UploadError, uploadFile } from './upload';
import {
  fakeUploadServer as fakeServer,
  json,
  uploadedMeeting as meeting,
} from './upload-test-server';

const MiB = 1024 * 1024;

const fileOf = (bytes: number, name = 'call.mp4') =>
  new File([new Uint8Array(bytes)], name, { type: 'video/mp4' });

describe('uploadFile', () => {
  it('sends 5 MiB chunks, four at a time, reports floored progress and completes', async () => {
    const server = fakeServer({ total: 6 });
    const progress: number[] = [];
    const result = await uploadFile(
      {
        file: fileOf(27 * MiB),
        provider: 'local',
        stage: 'basic_meeting',
        title: ' Demo ',
        onProgress: (p) => progress.push(p),
      },
      server.deps,
    );
    expect(result).toEqual(meeting);
    expect(server.bodies[0]).toEqual({
      fileName: 'call.mp4',
      fileSize: 27 * MiB,
      mimeType: 'video/mp4',
      stage: 'basic_meeting',
      title: 'Demo',
    });
    expect(server.chunks.map((c) => c.index).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(server.chunks.find((c) => c.index === 0)?.size).toBe(5 * MiB);
    expect(server.chunks.find((c) => c.index === 5)?.size).toBe(2 * MiB);
    expect(server.chunks.every((c) => c.uploadId === 'up1' && c.blockId === null)).toBe(true);
    expect(server.maxInFlight()).toBe(4);
    expect(progress).toEqual([0, 0, 16, 33, 50, 66, 83, 100]);
    expect(server.bodies[1]).toEqual({ uploadId: 'up1', fileName: 'call.mp4' });
    expect(server.timeouts.every((ms) => ms === 120_000)).toBe(true);
  });

  it('resumes: skips the chunks the server already has', async () => {
    const server = fakeServer({ total: 4, uploaded: [0, 2] });
    const progress: number[] = [];
    await uploadFile(
      {
        file: fileOf(16 * MiB),
        provider: 'local',
        stage: 'basic_meeting',
        onProgress: (p) => progress.push(p),
      },
      server.deps,
    );
    expect(server.chunks.map((c) => c.index).sort()).toEqual([1, 3]);
    expect(progress).toEqual([0, 50, 75, 100]);
  });

  it('sends Azure block ids with each chunk and in order on completion', async () => {
    const server = fakeServer({ total: 2 });
    await uploadFile(
      { file: fileOf(6 * MiB), provider: 'azure', stage: 'discovery_stage' },
      server.deps,
    );
    for (const c of server.chunks) expect(c.blockId).toBe(azureBlockId(c.index));
    expect(server.bodies[1]).toEqual({
      uploadId: 'up1',
      fileName: 'call.mp4',
      blockIds: [azureBlockId(0), azureBlockId(1)],
    });
  });

  it('retries a failing chunk with exponential back-off', async () => {
    let failures = 2;
    const server = fakeServer({
      total: 1,
      chunk: () => (failures-- > 0 ? json(503, { message: 'busy' }) : undefined),
    });
    await uploadFile({ file: fileOf(MiB), provider: 'local', stage: 'basic_meeting' }, server.deps);
    expect(server.chunks).toHaveLength(3);
    expect(server.sleeps).toEqual([2000, 4000]);
    expect(server.timeouts).toEqual([120_000, 135_000, 150_000]);
  });

  it('gives up after 5 retries, naming the chunk, and resets progress to 0', async () => {
    const server = fakeServer({
      total: 3,
      chunk: (c) => (c.index === 1 ? json(500, {}) : undefined),
    });
    const progress: number[] = [];
    const run = uploadFile(
      {
        file: fileOf(11 * MiB),
        provider: 'local',
        stage: 'basic_meeting',
        onProgress: (p) => progress.push(p),
      },
      server.deps,
    );
    await expect(run).rejects.toThrow(
      new UploadError('Upload failed: Chunk 2 failed after 5 retries'),
    );
    expect(server.chunks.filter((c) => c.index === 1)).toHaveLength(6);
    expect(server.sleeps).toEqual([2000, 4000, 8000, 16000, 30000]);
    expect(progress.at(-1)).toBe(0);
    expect(server.bodies).toHaveLength(1); // never completed
  });

  it('retries a chunk that timed out, with a longer time-out', async () => {
    let fired = false;
    let attempts = 0;
    const server = fakeServer({
      total: 1,
      chunk: (_c, signal) =>
        attempts++ > 0
          ? json(200, { index: 0, received: true })
          : new Promise<Response>((_, reject) => {
              // As fetch does: a signal aborted before the call (a slow machine) rejects at once.
              const abort = () => reject(new DOMException('Aborted', 'AbortError'));
              if (signal.aborted) abort();
              else signal.addEventListener('abort', abort);
            }),
    });
    server.deps.setTimer = (fn, ms) => {
      server.timeouts.push(ms);
      if (!fired) {
        fired = true;
        setTimeout(fn, 5);
      }
      return () => {};
    };
    await uploadFile({ file: fileOf(10), provider: 'local', stage: 'basic_meeting' }, server.deps);
    expect(server.timeouts).toEqual([120_000, 135_000]);
    expect(server.sleeps).toEqual([2000]);
  });

  it('does not retry a chunk the server refuses', async () => {
    const server = fakeServer({ total: 1, chunk: () => json(400, { message: 'Bad index' }) });
    await expect(
      uploadFile({ file: fileOf(10), provider: 'local', stage: 'basic_meeting' }, server.deps),
    ).rejects.toThrow('Bad index');
    expect(server.chunks).toHaveLength(1);
  });

  it('maps initiate failures to the spec messages', async () => {
    const cases: [Response, string][] = [
      [json(409, { message: 'conflict' }), 'Video exists! Rename and upload again'],
      [
        json(413, { message: 'File too large' }),
        'File exceeds 2 GB. Please upload a smaller file.',
      ],
      [json(400, { message: 'Unsupported media' }), 'Unsupported media'],
      [json(500, {}), 'Failed to initiate upload'],
    ];
    for (const [response, message] of cases) {
      const server = fakeServer({ total: 1, initiate: () => response });
      const progress: number[] = [];
      await expect(
        uploadFile(
          {
            file: fileOf(10),
            provider: 'local',
            stage: 'basic_meeting',
            onProgress: (p) => progress.push(p),
          },
          server.deps,
        ),
      ).rejects.toThrow(new UploadError(message));
      expect(progress.at(-1)).toBe(0);
    }
  });

  it('reports a failed completion', async () => {
    const server = fakeServer({ total: 1, complete: () => json(500, {}) });
    await expect(
      uploadFile({ file: fileOf(10), provider: 'local', stage: 'basic_meeting' }, server.deps),
    ).rejects.toThrow(new UploadError('Failed to complete upload'));
  });

  it('stops on cancel', async () => {
    const ctl = new AbortController();
    const server = fakeServer({
      total: 8,
      chunk: (c) => {
        if (c.index === 2) ctl.abort();
        return undefined;
      },
    });
    const progress: number[] = [];
    await expect(
      uploadFile(
        {
          file: fileOf(38 * MiB),
          provider: 'local',
          stage: 'basic_meeting',
          signal: ctl.signal,
          onProgress: (p) => progress.push(p),
        },
        server.deps,
      ),
    ).rejects.toBeInstanceOf(UploadCancelledError);
    expect(server.chunks.length).toBeLessThan(8);
    expect(progress.at(-1)).toBe(0);
    expect(server.bodies).toHaveLength(1);
  });
});
