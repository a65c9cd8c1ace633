// What the server's calendar and Zoom calls reach in the journeys (GOOGLE_OAUTH_ORIGIN,
// GOOGLE_TOKEN_ORIGIN, GOOGLE_CALENDAR_API_ORIGIN, ZOOM_OAUTH_ORIGIN): Google's consent page
// (consent given at once), its token grants and events.list over a few meetings starting
// later today; Zoom's Server-to-Server token grant. The API-level stand-ins with sync tokens,
// 410s and failures are apps/server/src/test/*-stand-in.ts.
import http from 'node:http';

const port = Number(process.argv[2] ?? 8183);
const at = (minutes) => new Date(Date.now() + minutes * 60_000).toISOString();
const events = [
  {
    id: 'e2e-pricing',
    summary: 'Pricing call with Globex',
    start: { dateTime: at(90) },
    end: { dateTime: at(120) },
    hangoutLink: 'https://meet.google.com/abc-defg-hij',
    organizer: { email: 'user@acme.parley.local', self: true },
    attendees: [{ email: 'cy@globex.example' }],
  },
  {
    id: 'e2e-standup',
    summary: 'Team standup',
    start: { dateTime: at(180) },
    end: { dateTime: at(195) },
    location: 'https://zoom.us/j/85512345678',
    organizer: { email: 'bo@acme.parley.local' },
  },
  {
    id: 'e2e-lunch',
    summary: 'Lunch',
    start: { dateTime: at(240) },
    end: { dateTime: at(300) },
    location: 'Cafeteria',
  },
];
let serial = 0;

const send = (res, status, body, headers = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? undefined : JSON.stringify(body));
};

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    req.resume();
    req.on('end', () => {
      if (url.pathname === '/health') return res.end('ok');
      if (url.pathname === '/o/oauth2/v2/auth') {
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', `code-${++serial}`);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.href });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        return send(res, 200, {
          access_token: `access-${++serial}`,
          refresh_token: `refresh-${serial}`,
          expires_in: 3599,
          token_type: 'Bearer',
        });
      }
      if (url.pathname === '/revoke') return send(res, 200, {});
      if (url.pathname === '/calendar/v3/calendars/primary') {
        return send(res, 200, { id: 'user@acme.parley.local' });
      }
      if (url.pathname === '/calendar/v3/calendars/primary/events') {
        const full = !url.searchParams.has('syncToken');
        return send(res, 200, { items: full ? events : [], nextSyncToken: `sync-${++serial}` });
      }
      if (url.pathname === '/oauth/token' && req.method === 'POST') {
        return send(res, 200, {
          access_token: `zoom-${++serial}`,
          token_type: 'bearer',
          expires_in: 3599,
        });
      }
      send(res, 404, { error: 'not found' });
    });
  })
  .listen(port, '127.0.0.1');
