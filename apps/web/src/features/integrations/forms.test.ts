import { describe, expect, it } from 'vitest';
import { emptyAwsForm, emptyAzureForm, validateAwsForm, validateAzureForm } from './forms';

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
