import { z } from 'zod';
import {
  DEFAULT_AUTO_PAY_THRESHOLD,
  DEFAULT_CURRENCY,
  DEFAULT_FREE_MEETING_CREDITS,
  DEFAULT_HR_SCORE_THRESHOLD,
  isCurrency,
} from '@parley/contracts';

/** Every environment variable the server reads, with its default; README lists them all. */
const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Prometheus metrics on their own port (issue 20); 0 serves none. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** OpenTelemetry tracing over OTLP HTTP (issue 20): the collector's base URL; unset, none. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('parley'),
  /** How long authenticated calls wait in memory before their activity-log rows are written. */
  ACTIVITY_LOG_FLUSH_MS: z.coerce.number().int().min(1).max(10_000).default(200),
  /** How long a process keeps a session's access and an organisation's plan (0: not at all). */
  ACCESS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  APP_SECRET: z.string().min(32).optional(),
  /**
   * During a rotation, the APP_SECRET being replaced: values sealed under it still open until
   * `npm run rotate-secrets` has sealed them again under APP_SECRET; then remove it.
   */
  APP_SECRET_PREVIOUS: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Parley <no-reply@parley.local>'),
  WEB_DIST: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(15 * 60),
  SESSION_TTL_DAYS: positiveInt(30),
  AUTH_CODE_REQUESTS_PER_ADDRESS: positiveInt(5),
  AUTH_REQUESTS_PER_IP: positiveInt(30),
  AUTH_RATE_WINDOW_MINUTES: positiveInt(15),
  COOKIE_SECURE: bool,
  /**
   * Peers whose X-Forwarded-For names the real client (proxy-addr list: addresses, CIDRs,
   * loopback, linklocal, uniquelocal; or true/false). Anyone else could forge the header and
   * dodge the per-IP limits, so by default only proxies on the local or private network count.
   */
  TRUST_PROXY: z.string().default('loopback,linklocal,uniquelocal'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  /**
   * Where the coaching sharing check reaches Google Docs (Slides, Docs) and Drive (PDFs): their
   * own origins unless a proxy or mirror stands in, as GOOGLE_ISSUER does for sign-in.
   */
  GOOGLE_DOCS_ORIGIN: z.string().url().default('https://docs.google.com'),
  GOOGLE_DRIVE_ORIGIN: z.string().url().default('https://drive.google.com'),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_ISSUER: z.string().url().default('https://login.microsoftonline.com/common/v2.0'),
  OIDC_ALLOW_HTTP: bool,
  /** CRM connections (issue 16): without a client id and secret the CRM cannot be connected. */
  HUBSPOT_CLIENT_ID: z.string().optional(),
  HUBSPOT_CLIENT_SECRET: z.string().optional(),
  /** Where HubSpot's authorisation page is, and its API (tests point them at a stand-in). */
  HUBSPOT_AUTH_ORIGIN: z.string().url().default('https://app.hubspot.com'),
  HUBSPOT_API_ORIGIN: z.string().url().default('https://api.hubapi.com'),
  SALESFORCE_CLIENT_ID: z.string().optional(),
  SALESFORCE_CLIENT_SECRET: z.string().optional(),
  /** Salesforce's login server (https://test.salesforce.com for sandboxes); the API is the token's instance_url. */
  SALESFORCE_LOGIN_ORIGIN: z.string().url().default('https://login.salesforce.com'),
  /**
   * How often each connected CRM is imported without anyone asking (incremental; a full
   * re-read of deals' contacts once a day); 0 turns the automatic imports off.
   */
  CRM_IMPORT_EVERY_MINUTES: z.coerce.number().min(0).default(60),
  /**
   * Calendar connections (issue 18): each user's Google or Microsoft 365 calendar. Without a
   * client id and secret the calendar cannot be connected; the sign-in app's are used if set.
   */
  GOOGLE_CALENDAR_CLIENT_ID: z.string().optional(),
  GOOGLE_CALENDAR_CLIENT_SECRET: z.string().optional(),
  /** Google's consent page, its token server and the Calendar API (tests point them at a stand-in). */
  GOOGLE_OAUTH_ORIGIN: z.string().url().default('https://accounts.google.com'),
  GOOGLE_TOKEN_ORIGIN: z.string().url().default('https://oauth2.googleapis.com'),
  GOOGLE_CALENDAR_API_ORIGIN: z.string().url().default('https://www.googleapis.com'),
  MICROSOFT_CALENDAR_CLIENT_ID: z.string().optional(),
  MICROSOFT_CALENDAR_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_LOGIN_ORIGIN: z.string().url().default('https://login.microsoftonline.com'),
  /** 'common' (work and personal accounts), 'organizations', or one tenant's id. */
  MICROSOFT_TENANT: z.string().default('common'),
  MICROSOFT_GRAPH_ORIGIN: z.string().url().default('https://graph.microsoft.com'),
  /** How often each connected calendar is read for changes; 0 turns the automatic syncs off. */
  CALENDAR_SYNC_EVERY_MINUTES: z.coerce.number().min(0).default(10),
  /** Zoom's OAuth server (Server-to-Server OAuth tokens; tests point it at a stand-in). */
  ZOOM_OAUTH_ORIGIN: z.string().url().default('https://zoom.us'),
  /**
   * Let organisations point AI base URLs and storage endpoints at loopback, private and
   * link-local addresses (self-hosted Ollama, MinIO, Azurite). Off: those are refused.
   */
  ALLOW_PRIVATE_ENDPOINTS: bool,
  SUPPORT_EMAIL: z.string().default('support@parley.local'),
  /** Unset: seed the demo accounts outside production only. */
  SEED: bool,
  /**
   * Unset: with the demo accounts, the first start also adds sample content (a default training
   * video with its quiz), analysed like any upload. Off for servers that should stay idle.
   */
  SEED_SAMPLES: bool,
  /**
   * GET /api/v1/dev/outbox hands out anyone's sign-in code, so it exists only when asked for,
   * outside production and on a loopback HOST (`npm start` sets it when it binds 127.0.0.1).
   */
  DEV_OUTBOX: bool,
  SEED_SUPERADMIN_EMAIL: z.string().default('admin@parley.local'),
  SEED_POC_EMAIL: z.string().default('poc@acme.parley.local'),
  SEED_USER_EMAIL: z.string().default('user@acme.parley.local'),
  SEED_MANAGER_EMAIL: z.string().default('manager@acme.parley.local'),
  SEED_REP_EMAIL: z.string().default('rep@acme.parley.local'),
  SEED_SEEKER_EMAIL: z.string().default('seeker@parley.local'),
  /** Bundles of the demo organisation's plan when it is first seeded (comma-separated names). */
  SEED_DEMO_BUNDLES: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  /** socket.io fans events out through Redis when several processes serve the app. */
  REDIS_URL: z.string().url().optional(),
  /** Where the local store keeps media; defaults to DATA_DIR/media. */
  MEDIA_DIR: z.string().optional(),
  /**
   * How long a request to a cloud store (S3, Azure) may go without a byte sent or received
   * before it fails (retried by the SDK, then the step or the API call fails with "storage
   * unavailable").
   */
  STORAGE_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  /** Debian's Chromium, which the Parley Notetaker runs in to record Parley rooms. */
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  /** STUN/TURN servers of Parley rooms, a JSON list ([{"urls":"stun:…"}]); unset: none. */
  ICE_SERVERS: z.string().optional(),
  /** Retries of a failed analysis step (exponential back-off from the delay), then dead letter. */
  ANALYSIS_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(3),
  ANALYSIS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(30),
  /**
   * A step job that runs longer than max(floor, duration × factor) counts as stuck (its
   * worker died, on PostgreSQL) and is retried. The floor bounds how long a crashed worker's
   * job waits before another worker takes it.
   */
  ANALYSIS_EXPIRE_MIN_SECONDS: positiveInt(15 * 60),
  ANALYSIS_EXPIRE_PER_MEDIA_SECOND: z.coerce.number().positive().default(5),
  /** Spec 2 §9: a candidate scoring at or above this (0–100) is Recommended. */
  THRESHOLD_HR_SCORE: z.coerce.number().min(0).max(100).default(DEFAULT_HR_SCORE_THRESHOLD),
  /** ISO 4217 code prices are kept in (in its minor units) and new catalogue rows carry. */
  CURRENCY: z
    .string()
    .trim()
    .toUpperCase()
    .default(DEFAULT_CURRENCY)
    .refine(isCurrency, 'CURRENCY must be an ISO 4217 code such as USD or EUR'),
  /** Card payment (issue 17): without a secret key /pricing offers bank transfer only. */
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  /** The endpoint's signing secret (whsec_…): webhook events without its signature are refused. */
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /** Where the Stripe API is (a local stand-in in tests); Stripe's own by default. */
  STRIPE_API_BASE: z.string().url().default('https://api.stripe.com'),
  /** Auto-pay buys credits when a plan's balance falls below this; the parameter wins. */
  AUTO_PAY_THRESHOLD: z.coerce.number().int().min(0).default(DEFAULT_AUTO_PAY_THRESHOLD),
  /**
   * Where a bank transfer goes (account holder, IBAN, BIC…): printed on every invoice issued to
   * be paid by transfer, and shown where it is asked for. Empty: the invoice only asks for the
   * transfer, quoting its number.
   */
  INVOICE_PAYMENT_DETAILS: z.string().trim().max(1000).default(''),
  /**
   * Tax shown on new invoices, in basis points (2000 is 20 %), included in the prices; 0 (the
   * default) is none. Seeds the parameter of the same name, which wins; TAX_LABEL names it.
   */
  TAX_RATE_BASIS_POINTS: z.coerce.number().int().min(0).max(10_000).default(0),
  /** Free-plan meeting credits; the FREE_MEETING_CREDITS parameter, when set, wins. */
  FREE_MEETING_CREDITS: z.coerce.number().int().min(0).default(DEFAULT_FREE_MEETING_CREDITS),
  /** How often an idle worker asks the queue for work. */
  QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /** How often the queue looks for expired jobs and archives finished ones. */
  QUEUE_MAINTENANCE_SECONDS: positiveInt(60),
  /**
   * How often a worker process asks for the daily pass over the deals' warnings (the pass
   * itself computes only deals a day old, so asking often costs one query).
   */
  DEAL_WARNINGS_CHECK_SECONDS: positiveInt(3600),
  /** On SIGTERM/SIGINT, how long a job in flight may finish before it is handed back. */
  SHUTDOWN_GRACE_SECONDS: positiveInt(30),
  FFPROBE_PATH: z.string().default('ffprobe'),
  /** Tokens of meeting excerpts Zai sends with a question (retrieval keeps the best lines). */
  ZAI_CONTEXT_TOKENS: positiveInt(6000),
  /** Longest answer Zai asks a model for. */
  ZAI_MAX_OUTPUT_TOKENS: positiveInt(700),
  /** Frames per second the 'video' step analyses for faces (head pose, gaze, emotions...). */
  VIDEO_FPS: z.coerce.number().positive().max(30).default(2),
  /** Frames per second of the skin trace for physiology (rPPG needs about 10 or more). */
  PHYSIOLOGY_FPS: z.coerce.number().positive().max(30).default(10),
  /** The bot service for Zoom, Meet and Teams links (issue 18); Parley rooms need none. */
  BOT_PROVIDER: z.enum(['attendee', 'recall', 'none']).default('none'),
  /** The service's API origin: the self-hosted Attendee, or the Recall.ai region. */
  BOT_SERVICE_URL: z.string().url().optional(),
  /** Its API key (Attendee: `Token …`; Recall.ai: the workspace key). */
  BOT_SERVICE_KEY: z.string().trim().min(1).optional(),
  /** The secret its webhooks are signed with (Attendee's webhook secret, Recall's whsec_…). */
  BOT_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /** The name the bot shows in calls. */
  BOT_NAME: z.string().trim().min(1).max(100).default('Parley Notetaker'),
});

export type Env = z.infer<typeof envSchema>;
