import { describe, expect, it, vi } from 'vitest';
import {
  authRoutes,
  consentRoutes,
  mockRunRoutes,
  reportRoutes,
  sharingRoutes,
  type AuthSuccess,
} from '@parley/contracts';
import {
  ApiRequestError,
  buildUrl,
  createApiClient,
  errorToastFor,
  fileNameOf,
  type ApiDeps,
} from './api-client';
import { authSuccess } from '../test/sign-in';
import type { ToastInput } from './toast';

const USER_ID = '6f1c1a2e-2b1c-4a55-8d59-1c7c4ef8e001';

const authResult = (token: string): AuthSuccess =>
  authSuccess({ id: USER_ID, token, organizationId: 'org', plan: null });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function setup(handler: Handler, token = 'old') {
  let accessToken: string | null = token;
  const toasts: ToastInput[] = [];
  const calls: { url: string; init: RequestInit }[] = [];
  const onRefreshFailed = vi.fn();
  const deps: ApiDeps = {
    fetch: async (input, init = {}) => {
      const url = String(input);
      calls.push({ url, init });
      return handler(url, init);
    },
    getAccessToken: () => accessToken,
    getUserId: () => USER_ID,
    onRefreshed: (r) => {
      accessToken = r.accessToken;
    },
    onRefreshFailed,
    notify: (t) => toasts.push(t),
  };
  return { client: createApiClient(deps), toasts, calls, onRefreshFailed };
}

const bearer = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

describe('errorToastFor — spec 1 §8 status messages', () => {
  it.each([
    [400, 'Invalid details', 'error'],
    [403, 'You are not allowed to perform this operation', 'warning'],
    [404, 'The requested resource could not be found', 'error'],
    [500, 'Something went wrong, please try again later', 'error'],
    [503, 'Service not available, please try again later', 'error'],
    [418, 'Something went wrong, please try again later', 'error'],
  ] as const)('%i → %s (%s)', (status, description, variant) => {
    expect(errorToastFor(new ApiRequestError(status, null))).toEqual({
      title: 'Error',
      description,
      variant,
    });
  });

  it('prefers the server message', () => {
    expect(errorToastFor(new ApiRequestError(404, 'No account for this address'))).toEqual({
      title: 'Error',
      description: 'No account for this address',
      variant: 'error',
    });
  });

  it('shows no toast for 401 and "Unknown fetch error" for network failures', () => {
    expect(errorToastFor(new ApiRequestError(401, 'Expired'))).toBeNull();
    expect(errorToastFor(new ApiRequestError(0, null))?.description).toBe('Unknown fetch error');
  });
});

describe('buildUrl', () => {
  it('prefixes /api/v1, fills params and skips empty query values', () => {
    expect(
      buildUrl('/meeting/:id', { id: 'a b' }, { page: 0, q: undefined, tag: ['x', 'y'] }),
    ).toBe('/api/v1/meeting/a%20b?page=0&tag=x&tag=y');
  });
});

describe('createApiClient', () => {
  it('sends JSON with credentials and the bearer token only on auth routes', async () => {
    const { client, calls } = setup((url) =>
      url.endsWith('/consent')
        ? json(200, { b2cConsent: true })
        : json(200, { message: 'sent', plan: null }),
    );
    await client.api(authRoutes.requestSignin, { body: { email: 'a@b.co' } });
    await client.api(consentRoutes.saveConsent, { body: { b2cConsent: true } });
    expect(calls[0]?.url).toBe('/api/v1/auth/request-signin');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.body).toBe('{"email":"a@b.co"}');
    expect(bearer(calls[0]!.init)).toBeUndefined();
    expect(bearer(calls[1]!.init)).toBe('Bearer old');
  });

  it('fills a route path from the parameters its path names, and no others', async () => {
    const { client, calls } = setup(() => json(200, []));
    await client.api(sharingRoutes.sharedUsers, { params: { meetingId: 'm 1' } });
    expect(calls[0]?.url).toBe('/api/v1/share/users/m%201');
    // The names come from the path's type: a misspelled or missing one does not compile.
    // @ts-expect-error -- the path names :meetingId, not :id
    await client.api(sharingRoutes.sharedUsers, { params: { id: 'm1' } }).catch(() => {});
    // @ts-expect-error -- a route with a path parameter needs its params
    await client.api(sharingRoutes.sharedUsers).catch(() => {});
  });

  it('on 401 refreshes once, retries with the new token, and shows no toast', async () => {
    const { client, calls, toasts } = setup((url, init) => {
      if (url.endsWith('/auth/refresh-credentials')) return json(200, authResult('new'));
      return bearer(init) === 'Bearer new'
        ? json(200, { b2cConsent: true })
        : json(401, { message: 'Expired' });
    });
    await expect(
      client.api(consentRoutes.saveConsent, { body: { b2cConsent: true } }),
    ).resolves.toEqual({
      b2cConsent: true,
    });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/v1/b2c/user/consent',
      '/api/v1/auth/refresh-credentials',
      '/api/v1/b2c/user/consent',
    ]);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ userId: USER_ID });
    expect(toasts).toEqual([]);
  });

  it('concurrent 401s share one refresh', async () => {
    let refreshes = 0;
    const { client } = setup(async (url, init) => {
      if (url.endsWith('/auth/refresh-credentials')) {
        refreshes++;
        await new Promise((r) => setTimeout(r, 5));
        return json(200, authResult('new'));
      }
      return bearer(init) === 'Bearer new'
        ? json(200, { ok: 1 })
        : json(401, { message: 'Expired' });
    });
    const body = { b2cConsent: true } as const;
    await Promise.all([1, 2, 3].map(() => client.api(consentRoutes.saveConsent, { body })));
    expect(refreshes).toBe(1);
  });

  it('gives up after one failed refresh: 401 error, no toast, no second refresh', async () => {
    const { client, calls, toasts, onRefreshFailed } = setup((url) =>
      url.endsWith('/auth/refresh-credentials')
        ? json(401, { message: 'Session ended' })
        : json(401, {}),
    );
    const err = await client
      .api(consentRoutes.saveConsent, { body: { b2cConsent: true } })
      .catch((e) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect((err as ApiRequestError).status).toBe(401);
    expect(calls).toHaveLength(2);
    expect(onRefreshFailed).toHaveBeenCalledOnce();
    expect(toasts).toEqual([]);
  });

  it('does not refresh on 401 from auth routes (e.g. a wrong code)', async () => {
    const { client, calls } = setup(() =>
      json(401, { statusCode: 401, error: 'Unauthorized', message: 'Wrong code' }),
    );
    const err = await client
      .api(authRoutes.verifySignin, { body: { email: 'a@b.co', code: '123456' } })
      .catch((e) => e);
    expect((err as ApiRequestError).message).toBe('Wrong code');
    expect(calls).toHaveLength(1);
  });

  it('toasts other failures with the server message, unless the caller opts out', async () => {
    const { client, toasts } = setup(() =>
      json(404, { statusCode: 404, error: 'Not Found', message: 'No account' }),
    );
    await client
      .api(authRoutes.requestSignin, { body: { email: 'a@b.co' } })
      .catch(() => undefined);
    await client
      .api(authRoutes.requestSignin, { body: { email: 'a@b.co' }, toast: false })
      .catch(() => undefined);
    expect(toasts).toEqual([{ title: 'Error', description: 'No account', variant: 'error' }]);
  });

  it('maps network failures to "Unknown fetch error"', async () => {
    const { client, toasts } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const err = await client.api(authRoutes.providers).catch((e) => e);
    expect((err as ApiRequestError).status).toBe(0);
    expect((err as ApiRequestError).message).toBe('Unknown fetch error');
    expect(toasts[0]?.description).toBe('Unknown fetch error');
  });
});

describe('postForm', () => {
  it('posts multipart with the bearer token, no JSON content type, and retries once after a refresh', async () => {
    let first = true;
    const { client, calls } = setup((url) => {
      if (url.endsWith('/auth/refresh-credentials')) return json(200, authResult('new'));
      if (first) {
        first = false;
        return json(401, { message: 'Expired' });
      }
      return json(200, { index: 0, received: true });
    });
    const form = new FormData();
    form.append('index', '0');
    const res = await client.postForm('/integration/local/upload-chunk', form, {
      query: { uploadId: 'u1' },
    });
    expect(res).toEqual({ index: 0, received: true });
    const posts = calls.filter((c) => c.url.includes('upload-chunk'));
    expect(posts.map((c) => c.url)).toEqual([
      '/api/v1/integration/local/upload-chunk?uploadId=u1',
      '/api/v1/integration/local/upload-chunk?uploadId=u1',
    ]);
    expect(posts.map((c) => bearer(c.init))).toEqual(['Bearer old', 'Bearer new']);
    expect(posts[1]?.init.body).toBe(form);
    expect((posts[1]?.init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});

describe('sendBytes', () => {
  it('sends the bytes with their own content type, the path and query filled, and the bearer', async () => {
    const { client, calls } = setup(() => json(200, { nextChunk: 4, bytes: 10 }));
    const slice = new Blob(['webm bytes'], { type: 'video/webm' });
    const res = await client.sendBytes(mockRunRoutes.chunk, slice, {
      params: { id: 'i1' },
      query: { index: 3 },
    });
    expect(res).toEqual({ nextChunk: 4, bytes: 10 });
    expect(calls[0]?.url).toBe('/api/v1/b2c/mock-interview/i1/chunk?index=3');
    expect(calls[0]?.init.method).toBe('PUT');
    expect(calls[0]?.init.body).toBe(slice);
    expect((calls[0]?.init.headers as Record<string, string>)['Content-Type']).toBe('video/webm');
    expect(bearer(calls[0]!.init)).toBe('Bearer old');
  });
});

describe('download — file answers (the PDF reports)', () => {
  const route = reportRoutes.hr;
  const params = { meetingId: 'm1' };

  it('gives the bytes and the file name of Content-Disposition', async () => {
    const { client, calls } = setup(
      () =>
        new Response(new Uint8Array([37, 80, 68, 70]), {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="Zo_ call.pdf"; filename*=UTF-8''${encodeURIComponent('Zoë call.pdf')}`,
          },
        }),
    );
    const file = await client.download(route, { params });
    expect(calls[0]?.url).toBe('/api/v1/report/hr/m1');
    expect(bearer(calls[0]?.init ?? {})).toBe('Bearer old');
    expect(file.fileName).toBe('Zoë call.pdf');
    expect(await file.blob.text()).toBe('%PDF');
  });

  it('fails a non-OK answer with the HTTP status message, toasting only when asked', async () => {
    const { client, toasts } = setup(() => new Response('', { status: 503 }));
    const failed = client.download(route, { params, toast: false });
    await expect(failed).rejects.toMatchObject({
      status: 503,
      message: 'Service not available, please try again later',
    });
    expect(toasts).toEqual([]);
  });

  it('reads the plain file name when there is no encoded one', () => {
    expect(fileNameOf('attachment; filename="Call.pdf"')).toBe('Call.pdf');
    expect(fileNameOf(null)).toBeNull();
  });
});
