import { describe, expect, it } from 'vitest';
import {
  WRONG_TYPE_MESSAGE,
  backoffMs,
  chunkTimeoutMs,
  pickUploadProvider,
  progressPercent,
  validateUploadFile,
} from './upload-rules';

describe('client checks (spec 1 §5, §8)', () => {
  it('asks for a file, checks the type and the 1 GB limit', () => {
    expect(validateUploadFile(null)).toBe('Please select a video to upload.');
    expect(validateUploadFile({ name: 'notes.pdf', size: 10 })).toBe(WRONG_TYPE_MESSAGE);
    expect(validateUploadFile({ name: 'a.MP4', size: 1024 ** 3 + 1 })).toBe(
      'File exceeds 1 GB. Please upload a smaller file.',
    );
    for (const name of ['a.mp4', 'a.mov', 'a.mkv', 'a.m4v', 'a.mp3', 'a.wav', 'a.m4a'])
      expect(validateUploadFile({ name, size: 1024 ** 3 })).toBeNull();
  });

  it('has the spec constants', () => {
    expect([1, 2, 3, 4, 5].map(backoffMs)).toEqual([2000, 4000, 8000, 16000, 30000]);
    expect(backoffMs(0)).toBe(1000);
    expect(chunkTimeoutMs(0)).toBe(120_000);
    expect(chunkTimeoutMs(2)).toBe(150_000);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(0, 0)).toBe(0);
  });
});

describe('pickUploadProvider', () => {
  const aws = [{ provider: 'aws', status: 'connected' }];
  it('uses the default cloud when it is connected, otherwise local', () => {
    expect(pickUploadProvider(null, undefined)).toBe('local');
    expect(pickUploadProvider('local', aws)).toBe('local');
    expect(pickUploadProvider('aws', aws)).toBe('aws');
    expect(pickUploadProvider('azure', aws)).toBe('local');
    expect(pickUploadProvider('aws', [{ provider: 'aws', status: 'disconnected' }])).toBe('local');
  });

  it('asks for a cloud only when local storage is disabled and none is connected', () => {
    expect(pickUploadProvider(null, [], false)).toBeNull();
    expect(pickUploadProvider(null, aws, false)).toBe('aws');
  });
});
