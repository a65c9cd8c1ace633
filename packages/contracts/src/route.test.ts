import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  defineRoute,
  fillPath,
  pathParamNames,
  type PathParamName,
  type PathParams,
  type RouteParams,
} from './route.js';
import { analysisRoutes } from './analysis.js';
import { sharingRoutes } from './sharing.js';
import { videoSignalsRoutes } from './video-signals.js';

describe('path parameters from the path string', () => {
  it('types each :name of a path as a string field', () => {
    expectTypeOf<PathParams<'/meeting/:id/share/:userId'>>().toEqualTypeOf<{
      id: string;
      userId: string;
    }>();
    expectTypeOf<PathParamName<'/share/org/users'>>().toEqualTypeOf<never>();
    expectTypeOf<PathParams<string>>().toEqualTypeOf<Record<string, string>>();
  });

  it('gives routes their parameters, including routes built by helpers', () => {
    expectTypeOf<RouteParams<typeof sharingRoutes.publicStatus>>().toEqualTypeOf<{
      meetingId: string;
    }>();
    expectTypeOf<RouteParams<typeof analysisRoutes.editTranscription>>().toEqualTypeOf<{
      dashboard: string;
      meetingId: string;
    }>();
    expectTypeOf<RouteParams<typeof videoSignalsRoutes.headpose>>().toEqualTypeOf<{
      meetingId: string;
    }>();
  });

  it('finds the same names at run time', () => {
    expect(pathParamNames('/transcription/:dashboard/:meetingId')).toEqual([
      'dashboard',
      'meetingId',
    ]);
    expect(pathParamNames('/share/org/users')).toEqual([]);
  });

  it('fills a path with encoded values and refuses a missing one', () => {
    expect(fillPath('/invite-participant/:email', { email: 'a b@x.io' })).toBe(
      '/invite-participant/a%20b%40x.io',
    );
    expect(() => fillPath('/meeting/:meetingId', {} as { meetingId: string })).toThrow(
      'Missing path parameter "meetingId" for /meeting/:meetingId',
    );
  });
});

describe('a route names the permission it needs', () => {
  it('will not compile an authenticated route without one, nor a public one with one', () => {
    const response = undefined as unknown as import('zod').ZodType;
    // @ts-expect-error permission is required with auth: true
    defineRoute({ method: 'GET', path: '/x', summary: '', tags: [], auth: true, response });
    defineRoute({
      method: 'GET',
      path: '/x',
      summary: '',
      tags: [],
      auth: true,
      permission: 'meetings.read',
      response,
    });
    defineRoute({
      method: 'GET',
      path: '/x',
      summary: '',
      tags: [],
      auth: false,
      // @ts-expect-error a public route has no caller to hold a permission
      permission: 'meetings.read',
      response,
    });
    expect(true).toBe(true);
  });
});
