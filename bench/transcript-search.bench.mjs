// Search across every conversation at scale (issue 13 item 7): 10,000 meetings of one
// organisation with about 5,000,000 transcript words in segments, on PostgreSQL only
// (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
// a throwaway database is created on that server and dropped after). Then a few hundred
// searches of varied terms through the HTTP layer (GET /search/transcripts): frequent, middling
// and rare words, phrases, several words, with filters and later pages, as the organisation's
// point of contact (who sees every meeting) and as a member (who sees their own and shared).
// Prints p50 and p99; the target is p99 under 200 ms. Needs `npm run build` (the server).
// BENCH_SEARCHES sets the number of searches per caller (default 300).
// BENCH_KEEP_DB=<name> keeps the loaded database under that name and reuses it on the next run
// (for tuning with EXPLAIN); drop it by hand afterwards.
import pg from 'pg';
import { openPostgres } from '../apps/server/dist/platform/db/client.js';
import { startBenchApp, withPostgres } from './lib.mjs';

process.env.TEST_DATABASE_URL ??=
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

const MEETINGS = 10_000;
const WORDS = 5_000_000;
/** Words per segment, as the search module cuts them (a sentence or a few seconds). */
const SEGMENT_WORDS = 15;
const OWNERS = 100;
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);
const TARGET_P99_MS = 200;

// Conversation-like vocabulary, by frequency: English stop words first (the 'english'
// configuration drops them), then common content words, then a long tail of made-up words.
const STOP = `i you the a and to it that of is in we so like know but what yeah this they
have just for do be on not was with are my me can if your there think it's that's all right
about at or he she as would well one get go our them really mean because then from when
out were going how don't more there's who some an no up now by will here i'm been also
very much which their these those than us okay has had did does his her him any could
should other into over only its yes oh too`.split(/\s+/);
const COMMON = `people time work team customer price product meeting call project plan
deal contract budget quarter sales pipeline demo feature support problem question answer
week month year data report market company manager client service issue risk value cost
growth launch design engineer hire candidate interview role skill experience salary offer
start decide review feedback process schedule deadline goal target numbers revenue margin
discount renewal onboarding training integration security migration platform dashboard
analytics pricing proposal legal procurement stakeholder champion decision timeline
competitor partner channel lead opportunity forecast churn retention expansion upsell
contract signature approval invoice payment shipping delivery quality testing release
version bug fix patch rollout feedback survey score rating benchmark performance latency
database server cloud storage network mobile browser account login password email
calendar travel office remote hybrid location city country region language culture
leadership mentor coaching career promotion transfer relocation benefits vacation`.split(/\s+/);
const SYLLABLES = 'ka lo rin ta mez vo shu pra den li or ba cu nel ti ros fa gem'.split(' ');
function tail(n) {
  const out = [];
  for (let i = 0; out.length < n; i++) {
    let w = '';
    let x = i + 7;
    for (let k = 0; k < 3 + (i % 2); k++) {
      w += SYLLABLES[x % SYLLABLES.length];
      x = Math.floor(x / SYLLABLES.length) + k * 5 + 3;
    }
    out.push(w + (i % 3 === 0 ? 'ing' : i % 3 === 1 ? 'er' : 'ion'));
  }
  return out;
}
const VOCAB = [...new Set([...STOP, ...COMMON, ...tail(20_000)])];
const V = VOCAB.length;

async function load(pool, organizationId) {
  const t = performance.now();
  await pool.query(
    `CREATE TEMP TABLE vocab AS SELECT ordinality::int AS n, w FROM unnest($1::text[]) WITH ORDINALITY w`,
    [VOCAB],
  );
  await pool.query('CREATE UNIQUE INDEX ON vocab (n)');
  await pool.query(
    `INSERT INTO users (organization_id, email, first_name, last_name, role)
     SELECT $1, 'searcher' || g || '@acme.bench', 'Searcher', 'N' || g, 'user'::user_role
     FROM generate_series(1, ${OWNERS}) g`,
    [organizationId],
  );
  await pool.query(`
    CREATE TEMP TABLE owners AS
    SELECT row_number() OVER (ORDER BY email) - 1 AS i, id FROM users WHERE email LIKE 'searcher%'`);
  // Meetings over the last two years, six stages, named speakers on a third of them.
  await pool.query(
    `INSERT INTO meetings (organization_id, owner_id, meeting_name, meeting_code, inference_status,
                           duration_sec, start_time, stage, additional_details)
     SELECT $1, o.id, 'Bench call ' || g, 'bench-' || g || '.mp4', 'processed', 1800,
            now() - (g % 730) * interval '1 day',
            (ARRAY['basic_meeting','prospecting_stage','qualification_stage','discovery_stage',
                   'solution_presentation_stage','negotiation_close_stage'])[1 + g % 6]::meeting_stage,
            CASE WHEN g % 3 = 0
                 THEN jsonb_build_object('speaker_00', 'Dana ' || (g % 50), 'speaker_01', 'Omar ' || (g % 70))
                 ELSE '{}'::jsonb END
     FROM generate_series(1, ${MEETINGS}) g
     JOIN owners o ON o.i = g % ${OWNERS}`,
    [organizationId],
  );
  await pool.query(`
    CREATE TEMP TABLE bench_meetings AS
    SELECT row_number() OVER (ORDER BY id) - 1 AS i, id, organization_id FROM meetings
    WHERE meeting_code LIKE 'bench-%'`);
  // Segments: each word drawn log-uniformly from the vocabulary (close to Zipf's law, so the
  // stop words are about half the words), two speakers taking turns, 0.4 s a word.
  const segments = Math.round(WORDS / SEGMENT_WORDS);
  const batch = 50_000;
  for (let from = 0; from < segments; from += batch) {
    await pool.query(`
      WITH seg AS (
        SELECT s, s % ${MEETINGS} AS m, s / ${MEETINGS} AS k
        FROM generate_series(${from}, ${Math.min(segments, from + batch) - 1}) s
      ), drawn AS (
        SELECT seg.s, seg.m, seg.k, j,
               least(${V}, greatest(1, floor(power(${V}::float8, random()))::int)) AS n
        FROM seg, generate_series(0, ${SEGMENT_WORDS - 1}) j
      ), w AS (
        SELECT drawn.*, v.w AS word FROM drawn JOIN vocab v ON v.n = drawn.n
      )
      INSERT INTO transcript_segments (meeting_id, organization_id, speaker, start_sec, end_sec, text, word_starts_ms)
      SELECT bm.id, bm.organization_id, 'speaker_0' || (w.k % 2),
             w.k * ${SEGMENT_WORDS} * 0.4, (w.k + 1) * ${SEGMENT_WORDS} * 0.4,
             string_agg(w.word, ' ' ORDER BY w.j),
             array_agg(((w.k * ${SEGMENT_WORDS} + w.j) * 400)::int ORDER BY w.j)
      FROM w JOIN bench_meetings bm ON bm.i = w.m
      GROUP BY bm.id, bm.organization_id, w.s, w.k`);
    process.stdout.write(`\r  segments ${Math.min(segments, from + batch)} / ${segments}`);
  }
  process.stdout.write('\n');
  // A member sees the meetings shared with them too: 200 of others' meetings.
  await pool.query(`
    INSERT INTO meeting_shares (meeting_id, user_id)
    SELECT bm.id, (SELECT id FROM owners WHERE i = 0)
    FROM bench_meetings bm WHERE bm.i % 50 = 1`);
  await pool.query('VACUUM ANALYZE transcript_segments, meetings, meeting_shares, users');
  const { rows } = await pool.query(
    `SELECT count(*)::int AS segments, sum(cardinality(word_starts_ms))::int AS words,
            count(DISTINCT meeting_id)::int AS meetings FROM transcript_segments`,
  );
  console.log(
    `loaded ${rows[0].meetings} meetings, ${rows[0].segments} segments, ${rows[0].words} words` +
      ` in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );
}

/** Varied searches: words of every frequency, phrases, several words, filters, later pages. */
function searches(n) {
  const content = VOCAB.slice(STOP.length);
  const pick = (from, to, i) => content[from + ((i * 7919) % (to - from))];
  const out = [];
  for (let i = 0; out.length < n; i++) {
    const kind = i % 10;
    const frequent = pick(0, 60, i);
    const middling = pick(200, 2000, i);
    const rare = pick(5000, content.length, i);
    const q = {
      0: frequent,
      1: middling,
      2: rare,
      3: `${frequent} ${middling}`,
      4: `"${pick(0, 30, i)} ${pick(0, 30, i + 1)}"`,
      5: `${middling} or ${rare}`,
      6: `${frequent} -${pick(0, 60, i + 3)}`,
      7: frequent,
      8: middling,
      9: `${frequent} ${pick(0, 60, i + 5)}`,
    }[kind];
    const filters = {
      7: {
        stage: 'discovery_stage',
        from: new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10),
      },
      8: { speaker: 'dana' },
      9: { page: String(1 + (i % 5)) },
    }[kind];
    out.push(new URLSearchParams({ q, size: '20', ...filters }).toString());
  }
  return out;
}

async function measure(app, label, token) {
  const times = [];
  const slowest = [];
  let found = 0;
  const list = searches(SEARCHES + 10);
  for (let i = 0; i < list.length; i++) {
    const t = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/search/transcripts?${list[i]}`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    // The first calls warm the connection pool and the caches.
    if (i >= 10) {
      times.push(performance.now() - t);
      slowest.push([performance.now() - t, decodeURIComponent(list[i])]);
      if (res.json().count > 0) found += 1;
    }
  }
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  const p99 = pct(0.99);
  console.log(
    `${label}: ${times.length} searches (${found} with results), p50 ${pct(0.5).toFixed(1)} ms,` +
      ` p99 ${p99.toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms` +
      (p99 > TARGET_P99_MS ? `  (over the ${TARGET_P99_MS} ms target)` : ''),
  );
  slowest.sort((a, b) => b[0] - a[0]);
  for (const [ms, q] of slowest.slice(0, 3)) console.log(`  slowest: ${ms.toFixed(0)} ms  ${q}`);
  return p99;
}

async function run(database) {
  const { app, signIn } = await startBenchApp(database);
  const poc = (await signIn('poc@acme.parley.local')).json();
  const { rows: loaded } = await database.pool.query('SELECT 1 FROM transcript_segments LIMIT 1');
  if (loaded.length === 0) await load(database.pool, poc.user.organizationId);
  const { rows } = await database.pool.query(
    `SELECT email FROM users WHERE email LIKE 'searcher%' ORDER BY email LIMIT 1`,
  );
  const member = (await signIn(rows[0].email)).json();
  const worst = Math.max(
    await measure(app, 'point of contact (all 10,000 meetings)', poc.accessToken),
    await measure(app, 'member (own 100 meetings and 200 shared)', member.accessToken),
  );
  await app.close();
  await database.close();
  if (worst > TARGET_P99_MS) process.exitCode = 1;
}

const keep = process.env.BENCH_KEEP_DB;
if (keep) {
  if (!/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error('BENCH_KEEP_DB: a plain database name');
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [keep]);
  if (rows.length === 0) await admin.query(`CREATE DATABASE ${keep}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${keep}`;
  await run(openPostgres(url.toString()));
} else {
  await withPostgres(run);
}
