// The teams and deals view at scale (issue 16): 200 sales reps reporting to the seeded sales
// manager, 5,000 deals over 500 accounts and 100,000 processed sales calls, each with stored
// text analytics and a scored insight, on PostgreSQL only (TEST_DATABASE_URL). Prints p50/p99
// latency of meeting/sales/performance and meeting/deals/amount through the HTTP layer.
// The calls are loaded in SQL, so the reps' signals of each call are read from the analytics
// the way the server's start-up backfill does, and the first read computes the reps' kept
// totals (both times are printed too).
// Needs `npm run build`. BENCH_ROUNDS sets the calls per case (default 50); BENCH_MEETINGS,
// BENCH_DEALS and BENCH_REPS the sizes (defaults 100000, 5000, 200).
import { createSalesRepo } from '../apps/server/dist/modules/sales/repo.js';
import { backfillCallSignals } from '../apps/server/dist/modules/sales/performance.js';
import { startBenchApp, withPostgres } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const MEETINGS = Number(process.env.BENCH_MEETINGS ?? 100_000);
const DEALS = Number(process.env.BENCH_DEALS ?? 5_000);
const REPS = Number(process.env.BENCH_REPS ?? 200);
const ACCOUNTS = Math.max(1, Math.round(DEALS / 10));
const STAGES = [
  'prospecting_stage',
  'qualification_stage',
  'discovery_stage',
  'solution_presentation_stage',
  'negotiation_close_stage',
];
const stageArray = `ARRAY[${STAGES.map((s) => `'${s}'`).join(',')}]::meeting_stage[]`;

async function load({ pool, db }, organizationId, managerId) {
  const t = performance.now();
  await pool.query(
    `INSERT INTO users (organization_id, email, first_name, last_name, role, sales_manager_id)
     SELECT $1, 'bench.rep' || g || '@acme.example', 'Rep', 'Number ' || g, 'salesRep', $2
     FROM generate_series(1, ${REPS}) g`,
    [organizationId, managerId],
  );
  await pool.query(`
    CREATE TEMP TABLE bench_reps AS
    SELECT row_number() OVER (ORDER BY id) - 1 AS i, id FROM users WHERE email LIKE 'bench.rep%'`);
  await pool.query(
    `INSERT INTO sales_accounts (organization_id, name)
     SELECT $1, 'Account ' || g FROM generate_series(1, ${ACCOUNTS}) g`,
    [organizationId],
  );
  await pool.query(`
    CREATE TEMP TABLE bench_accounts AS
    SELECT row_number() OVER (ORDER BY id) - 1 AS i, id FROM sales_accounts`);
  await pool.query(
    `INSERT INTO deals (organization_id, account_id, name, stage, amount, currency, owner_id)
     SELECT $1, a.id, 'Deal ' || g, (${stageArray})[1 + g % 5], (g % 97) * 1000 + 500,
            CASE WHEN g % 10 = 0 THEN 'EUR' ELSE 'USD' END, r.id
     FROM generate_series(1, ${DEALS}) g
     JOIN bench_accounts a ON a.i = g % ${ACCOUNTS}
     JOIN bench_reps r ON r.i = g % ${REPS}`,
    [organizationId],
  );
  await pool.query(`
    CREATE TEMP TABLE bench_deals AS
    SELECT row_number() OVER (ORDER BY id) - 1 AS i, id, owner_id FROM deals`);
  // Each call is one of its owner's deals' (the deals of rep i are those with g % REPS = i).
  await pool.query(
    `INSERT INTO meetings (organization_id, owner_id, meeting_name, meeting_code, stage,
                           inference_status, duration_sec, start_time, deal_id)
     SELECT $1, d.owner_id, 'Call ' || g, 'bench-call-' || g || '.mp4', (${stageArray})[1 + g % 5],
            'processed', 1800, now() - (g || ' minutes')::interval, d.id
     FROM generate_series(1, ${MEETINGS}) g
     JOIN bench_deals d ON d.i = g % ${DEALS}`,
    [organizationId],
  );
  // Analytics of the text step's shape (packages/analysis computeAnalytics), values varied.
  await pool.query(`
    INSERT INTO meeting_transcripts (meeting_id, organization_id, run_id, engine, audio_length_sec,
                                     speaker_count, analytics)
    SELECT m.id, m.organization_id, gen_random_uuid(),
           '{"name":"bench","model":"bench","quality":"bench"}', 1800,
           '{"value":2,"source":"estimated"}',
           jsonb_build_object(
             'audioLengthSec', 1800,
             'talkTimePercent', jsonb_build_object('speaker_00', 30 + h % 40, 'speaker_01', 70 - h % 40),
             'longestMonologueSec', 20 + h % 200,
             'wordsPerMinute', jsonb_build_object('speaker_00', 110 + h % 60, 'speaker_01', 120),
             'interactivity', jsonb_build_object('speakerSwitches', 40 + h % 80, 'switchesPerMinute', (40 + h % 80) / 30.0),
             'fillerWords', (SELECT coalesce(jsonb_agg(jsonb_build_object('word', 'um', 'start', k, 'speaker', 'speaker_0' || (k % 2))), '[]')
                             FROM generate_series(1, h % 12) k),
             'questionsPerSpeaker', jsonb_build_object('speaker_00', h % 9, 'speaker_01', h % 4))
    FROM (SELECT id, organization_id, abs(hashtext(id::text)) AS h FROM meetings
          WHERE meeting_code LIKE 'bench-call-%') m`);
  await pool.query(`
    INSERT INTO meeting_insights (meeting_id, organization_id, prompt_name, "group", result,
                                  citations, provider, model)
    SELECT id, organization_id, 'Charisma', 'meeting',
           jsonb_build_object('score', abs(hashtext(id::text)) % 101, 'insights', '[]'::jsonb, 'tags', '[]'::jsonb),
           '{"score":[],"items":[]}', 'bench', 'bench'
    FROM meetings WHERE meeting_code LIKE 'bench-call-%'`);
  console.log(
    `loaded ${REPS} reps, ${DEALS} deals, ${MEETINGS} calls in ` +
      `${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
  // Before anything else takes a connection of the pool: the temporary tables are this one's.
  const { rows: picks } = await pool.query(`
    SELECT (SELECT id FROM bench_reps WHERE i = 0) AS rep,
           (SELECT id FROM bench_deals WHERE i = 0) AS deal,
           (SELECT id FROM bench_accounts WHERE i = 0) AS account`);
  const s = performance.now();
  const read = await backfillCallSignals(createSalesRepo(db), () => new Date());
  console.log(
    `read the signals of ${read} calls in ${((performance.now() - s) / 1000).toFixed(1)} s`,
  );
  await pool.query(
    'VACUUM ANALYZE users, sales_accounts, deals, meetings, meeting_transcripts, meeting_insights, sales_call_signals',
  );
  return picks[0];
}

async function measure(app, label, url, token) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS + 3; i++) {
    const t = performance.now();
    const res = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    bytes = res.body.length;
    // The first calls warm the connection pool and plan caches.
    if (i >= 3) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  console.log(
    `${label}: p50 ${pct(0.5).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms` +
      ` (${(bytes / 1024).toFixed(0)} KiB)`,
  );
}

async function run(database) {
  const { app, signIn } = await startBenchApp(database);
  const { rows } = await database.pool.query(
    `SELECT id, organization_id FROM users WHERE email = 'manager@acme.parley.local'`,
  );
  const manager = rows[0];
  const { rep, deal, account } = await load(database, manager.organization_id, manager.id);
  const tokens = {
    manager: (await signIn('manager@acme.parley.local')).json().accessToken,
    poc: (await signIn('poc@acme.parley.local')).json().accessToken,
  };
  const perf = '/api/v1/meeting/sales/performance';
  const cases = [
    ['sales/performance (poc, all stages)', perf, 'poc'],
    ['sales/performance (manager, all stages)', perf, 'manager'],
    ['sales/performance (one stage)', `${perf}?stage=discovery_stage`, 'manager'],
    ['sales/performance (one rep)', `${perf}?nameId=${rep}`, 'manager'],
    ['sales/performance (one account)', `${perf}?account=${account}`, 'manager'],
    ['sales/performance (one deal)', `${perf}?opportunity=${deal}`, 'manager'],
    ['deals/amount (poc)', '/api/v1/meeting/deals/amount', 'poc'],
    ['deals/amount (manager)', '/api/v1/meeting/deals/amount', 'manager'],
    ['deals/amount (one stage)', '/api/v1/meeting/deals/amount?stage=discovery_stage', 'manager'],
  ];
  // The first read computes every rep's kept totals (all marked stale by the load).
  const t = performance.now();
  const first = await app.inject({
    method: 'GET',
    url: perf,
    headers: { authorization: `Bearer ${tokens.poc}` },
  });
  if (first.statusCode !== 200) throw new Error(`first read: ${first.statusCode}`);
  console.log(
    `sales/performance, first read (totals computed): ${(performance.now() - t).toFixed(0)} ms`,
  );
  for (const [label, url, who] of cases) await measure(app, label, url, tokens[who]);
  await app.close();
  await database.close();
}

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'sales-accounts: PostgreSQL only; set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
  );
} else {
  await withPostgres((database) => run(database));
}
