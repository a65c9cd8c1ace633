import { describe, expect, it } from 'vitest';
import { withoutServerDetails } from './errors.js';

describe('reasons users read', () => {
  it('keep no absolute server path, only the file name', () => {
    expect(
      withoutServerDetails(
        "ENOENT: no such file or directory, open '/tmp/parley-media-3DE4yN/thumbnail.jpg'",
      ),
    ).toBe("ENOENT: no such file or directory, open 'thumbnail.jpg'");
    expect(withoutServerDetails('/tmp/parley-media-x/source.mp4: Invalid data found')).toBe(
      'source.mp4: Invalid data found',
    );
    expect(withoutServerDetails('file not found: /data/media/org/meetings/m/call.mp4')).toBe(
      'file not found: call.mp4',
    );
    expect(withoutServerDetails('loaded from file:///app/dist/main.js')).toBe(
      'loaded from main.js',
    );
    expect(withoutServerDetails('cannot list (/var/lib/parley/) now')).toBe(
      'cannot list (a server folder) now',
    );
  });

  it('keep no stack, only the first line', () => {
    const err = new Error('the step broke');
    expect(withoutServerDetails(String(err.stack))).toBe('Error: the step broke');
  });

  it('leave addresses, ratios and plain sentences alone', () => {
    for (const text of [
      'connect ECONNREFUSED http://127.0.0.1:9000/bucket/key failed',
      'a 16/9 picture and/or sound',
      'Chat Gpt Key is expired!',
    ]) {
      expect(withoutServerDetails(text)).toBe(text);
    }
  });
});
