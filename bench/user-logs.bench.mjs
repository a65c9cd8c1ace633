// User logs and the users listing at scale (issue 12): 10,000 users in 50 organisations and
// 1,000,000 activity-log rows over 90 days, on PostgreSQL only (TEST_DATABASE_URL). Prints
// p50/p99 latency per call through the HTTP layer; the target is p99 under 50 ms.
// Needs `npm run build`. BENCH_ROUNDS sets the calls per case (default 200).
import { startBenchApp, withPostgres } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const ORGS = 50;
const USERS = 10_000;
const ROWS = 1_000_000;
const TARGET_P99_MS = 50;

async function load(pool) {
  const t = performance.now();
  await pool.query(`
    INSERT INTO organizations (name)
    SELECT 'Bench org ' || g FROM generate_series(1, ${ORGS}) g`);
  // The first user of each organisation is its point of contact.
  await pool.query(`
    INSERT INTO users (organization_id, email, first_name, last_name, role)
    SELECT o.id, 'bench' || g || '@org' || o.n || '.example', 'First' || g, 'Last' || g,
           CASE WHEN g <= ${ORGS} THEN 'poc'::user_role ELSE 'user'::user_role END
    FROM generate_series(1, ${USERS}) g
    JOIN (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n
          FROM organizations WHERE name LIKE 'Bench org %') o ON o.n = g % ${ORGS}`);
  await pool.query(`
    CREATE TEMP TABLE bench_users AS
    SELECT row_number() OVER (ORDER BY id) - 1 AS i, id, organization_id
    FROM users WHERE email LIKE 'bench%'`);
  await pool.query(`
    INSERT INTO activity_log (user_id, organization_id, method, path, status, duration_ms, created_at)
    SELECT u.id, u.organization_id,
           (ARRAY['GET','GET','GET','POST','PATCH','DELETE'])[1 + (g % 6)],
           '/api/v1/meetings', 200, 5,
           now() - (random() * interval '90 days')
    FROM generate_series(1, ${ROWS}) g
    JOIN bench_users u ON u.i = (hashint4(g)::bigint & 2147483647) % ${USERS}`);
  await pool.query('VACUUM ANALYZE activity_log, users, organizations');
  console.log(
    `loaded ${USERS} users, ${ROWS} log rows in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
}

async function measure(app, label, url, token) {
  const times = [];
  for (let i = 0; i < ROUNDS + 10; i++) {
    const t = performance.now();
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    // The first calls warm the connection pool and plan caches.
    if (i >= 10) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  const p99 = pct(0.99);
  console.log(
    `${label}: p50 ${pct(0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms` +
      (p99 > TARGET_P99_MS ? `  (over the ${TARGET_P99_MS} ms target)` : ''),
  );
  return p99;
}

async function run(database) {
  const { app, signIn } = await startBenchApp(database);
  await load(database.pool);
  const { rows } = await database.pool.query(
    `SELECT u.email, u.organization_id FROM users u
     WHERE u.email LIKE 'bench%' AND u.role = 'poc' ORDER BY u.email LIMIT 1`,
  );
  const poc = rows[0];
  const token = (await signIn(poc.email)).json().accessToken;
  const org = `/api/v1/userlog/organization/${poc.organization_id}`;
  const week = new Date(Date.now() - 7 * 86_400_000).toISOString();
  const cases = [
    ['userlog/organization/{id} (all time, busiest first)', `${org}`],
    [
      'userlog/organization/{id} (last 7 days)',
      `${org}?filter=createdAt:between:${week},${new Date().toISOString()}`,
    ],
    ['userlog/organization/{id} (search, page 3)', `${org}?search=first1&page=2`],
    [
      'userlog/organization/{id}/timestamps (GET, 7 days)',
      `${org}/timestamps/${Date.now() - 7 * 86_400_000},${Date.now()}?filter=method:eq:GET`,
    ],
    ['user/query (the organisation, first page)', '/api/v1/user/query'],
    ['user/query?search=last12', '/api/v1/user/query?search=last12'],
    ['user/query (page 5)', '/api/v1/user/query?page=4'],
  ];
  let worst = 0;
  for (const [label, url] of cases) worst = Math.max(worst, await measure(app, label, url, token));
  console.log(`worst p99 ${worst.toFixed(1)} ms (target ${TARGET_P99_MS} ms)`);
  await app.close();
  await database.close();
}

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'user-logs: PostgreSQL only; set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
  );
} else {
  await withPostgres((database) => run(database));
}
