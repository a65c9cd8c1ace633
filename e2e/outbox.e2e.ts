import { expect, test } from './support';
import { useOwnServer } from './meeting-support';

/**
 * Issue 21 item 2: the dev outbox hands out anyone's sign-in code, so a server listening on
 * every interface (HOST=0.0.0.0) has none. The other journeys show the default start
 * (scripts/serve.sh: 127.0.0.1 with the outbox) signs in by reading it, as the README says.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181) + 102;
const BASE = `http://localhost:${PORT}`;

useOwnServer({ port: PORT, env: { HOST: '0.0.0.0' } });

test('a server on a non-loopback HOST has no dev outbox', async ({ request }) => {
  const email = 'admin@parley.local';
  const asked = await request.post(`${BASE}/api/v1/auth/request-signin`, { data: { email } });
  expect(asked.status()).toBe(200);
  const outbox = await request.get(`${BASE}/api/v1/dev/outbox?email=${encodeURIComponent(email)}`);
  expect(outbox.status()).toBe(404);
  expect(await outbox.json()).toEqual({
    statusCode: 404,
    error: 'Not Found',
    message: 'The requested resource could not be found',
  });
});
