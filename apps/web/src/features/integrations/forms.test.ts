import { describe, expect, it } from 'vitest';
import {
  emptyAwsForm,
  emptyAzureForm,
  validateAwsForm,
  validateAzureForm,
  validateMeetingLink,
  validateStorageImport,
} from './forms';

const aws = {
  ...emptyAwsForm,
  bucket: 'recordings',
  region: 'eu-west-1',
  accessKeyId: 'AKIA1234',
  secretAccessKey: 'secret',
};

describe('validateAwsForm', () => {
  it('asks for every required field', () => {
    const r = validateAwsForm(emptyAwsForm);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      bucket: 'Please enter the bucket name',
      region: 'Please enter the region',
      accessKeyId: 'Please enter the access key id',
      secretAccessKey: 'Please enter the secret access key',
    });
  });

  it('leaves the endpoint and path style out for Amazon S3 itself', () => {
    const r = validateAwsForm({ ...aws, forcePathStyle: true });
    expect(r).toEqual({
      ok: true,
      body: {
        bucket: 'recordings',
        region: 'eu-west-1',
        accessKeyId: 'AKIA1234',
        secretAccessKey: 'secret',
      },
    });
  });

  it('keeps path style with an S3-compatible endpoint', () => {
    const r = validateAwsForm({ ...aws, endpoint: ' http://127.0.0.1:9 ', forcePathStyle: true });
    expect(r.ok && r.body).toMatchObject({ endpoint: 'http://127.0.0.1:9', forcePathStyle: true });
  });

  it('rejects an endpoint that is not an http(s) URL', () => {
    const r = validateAwsForm({ ...aws, endpoint: 'ftp://files.example.com' });
    expect(r.ok ? null : r.errors.endpoint).toBe('The endpoint must be an http(s) URL');
  });
});

describe('validateAzureForm', () => {
  it('needs a valid container name', () => {
    const r = validateAzureForm({ ...emptyAzureForm, container: 'No_Caps', connectionString: 'x' });
    expect(r.ok ? null : r.errors.container).toMatch(/3 to 63 lower-case/);
  });

  it('asks for the connection string when that way is chosen', () => {
    const r = validateAzureForm({ ...emptyAzureForm, container: 'media' });
    expect(r.ok ? null : r.errors).toEqual({
      connectionString: 'Please enter the connection string',
    });
  });

  it('asks for account name and key the other way, and ignores the connection string', () => {
    const r = validateAzureForm({
      ...emptyAzureForm,
      auth: 'accountKey',
      container: 'media',
      connectionString: 'left over',
    });
    expect(r.ok ? null : r.errors).toEqual({
      accountName: 'Please enter the account name',
      accountKey: 'Please enter the account key',
    });
  });

  it('builds the account-key body with an optional endpoint', () => {
    const r = validateAzureForm({
      ...emptyAzureForm,
      auth: 'accountKey',
      container: 'media',
      accountName: 'acme',
      accountKey: 'a2V5',
      endpoint: 'http://127.0.0.1:10000/acme',
    });
    expect(r).toEqual({
      ok: true,
      body: {
        container: 'media',
        accountName: 'acme',
        accountKey: 'a2V5',
        endpoint: 'http://127.0.0.1:10000/acme',
      },
    });
  });
});

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
