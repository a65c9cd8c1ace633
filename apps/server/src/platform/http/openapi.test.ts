import { describe, expect, it } from 'vitest';
import { ctx, useTestApp } from '../../test/app-kit.js';

useTestApp();

interface Operation {
  summary?: string;
  security?: unknown[];
  requestBody?: {
    content: Record<
      string,
      { schema: { properties?: Record<string, unknown>; required?: string[] } }
    >;
  };
}

describe('OpenAPI', () => {
  it('lists the auth routes with their request schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toMatch(/^3\./);

    const bodyOf = (path: string) => {
      const op = doc.paths[`/api/v1/auth/${path}`]?.post;
      expect(op, path).toBeDefined();
      return op?.requestBody?.content['application/json']?.schema;
    };
    expect(bodyOf('request-signin')).toMatchObject({
      properties: { email: expect.anything() },
      required: ['email'],
    });
    expect(bodyOf('verify-signin')?.required?.sort()).toEqual(['code', 'email']);
    expect(Object.keys(bodyOf('request-signup')?.properties ?? {}).sort()).toEqual([
      'accountType',
      'email',
      'firstName',
      'lastName',
      'organizationName',
    ]);
    expect(bodyOf('verify-signup')?.required?.sort()).toEqual(['code', 'email']);
    expect(bodyOf('refresh-credentials')?.required).toEqual(['userId']);
    expect(bodyOf('revoke-credentials')?.required).toEqual(['userId']);
    expect(bodyOf('check-session')?.required).toEqual(['email']);
    for (const path of [
      'logout',
      'remove-session',
      'removeGoogleSession',
      'removeMicrosoftSession',
    ]) {
      bodyOf(path);
    }

    const me = doc.paths['/api/v1/auth/me']?.get;
    expect(me?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/b2c/user/consent']?.post?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('documents path parameters under the names the contracts give them', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const pathParams = (path: string, method: string) =>
      (doc.paths[`/api/v1${path}`]?.[method]?.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
    expect(pathParams('/share/public/status/{meetingId}', 'get')).toEqual(['meetingId']);
    expect(pathParams('/transcription/{dashboard}/{meetingId}', 'patch')).toEqual([
      'dashboard',
      'meetingId',
    ]);
    expect(pathParams('/highlights/{id}', 'patch')).toEqual(['id']);
  });

  it('serves the browsable documentation as HTML', async () => {
    let res = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    for (let hops = 0; res.statusCode >= 300 && res.statusCode < 400 && hops < 3; hops++) {
      res = await ctx.app.inject({
        method: 'GET',
        url: new URL(res.headers.location as string, 'http://x/api/docs/').pathname,
      });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/<html/i);
  });
});
