import { describe, expect, it } from 'vitest';
import { validateMeetingLink, validateStorageImport } from './forms';

describe('validateStorageImport', () => {
  const base = { provider: 'aws' as const, key: '', title: '', stage: 'basic_meeting' as const };

  it('needs a store and a key', () => {
    const r = validateStorageImport({ ...base, provider: '' });
    expect(r.ok ? null : r.errors).toEqual({
      provider: 'Please choose a connected storage',
      key: 'Please enter the object key or blob name',
    });
  });

  it('refuses a folder', () => {
    const r = validateStorageImport({ ...base, key: 'calls/2024/' });
    expect(r.ok ? null : r.errors.key).toMatch(/folder/);
  });

  it('trims the key and drops an empty title', () => {
    const r = validateStorageImport({ ...base, key: ' /calls/demo.mp4 ' });
    expect(r).toEqual({
      ok: true,
      body: { provider: 'aws', key: 'calls/demo.mp4', stage: 'basic_meeting' },
    });
  });
});

describe('validateMeetingLink', () => {
  it('needs a link and a name', () => {
    const r = validateMeetingLink({ meetingLink: '', meetingName: ' ' });
    expect(r.ok ? null : r.errors).toEqual({
      meetingLink: 'Please enter the meeting link',
      meetingName: 'Please enter the meeting name',
    });
  });

  it('refuses something that is not a web link', () => {
    for (const meetingLink of ['zoom meeting', 'mailto:a@b.c', 'https://localhost']) {
      const r = validateMeetingLink({ meetingLink, meetingName: 'Weekly' });
      expect(r.ok ? null : r.errors.meetingLink).toMatch(/valid link/);
    }
  });

  it('accepts a meeting URL', () => {
    const r = validateMeetingLink({
      meetingLink: 'https://zoom.us/j/123456789?pwd=abc',
      meetingName: ' Weekly sync ',
    });
    expect(r).toEqual({
      ok: true,
      body: { meetingLink: 'https://zoom.us/j/123456789?pwd=abc', meetingName: 'Weekly sync' },
    });
  });
});
