import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import type { Database } from './db/client.js';
import { createDevOutbox, createSmtpMailer, type Mailer } from './mail.js';
import { createMediaTools } from './media/ffmpeg.js';
import { createMediaLinks } from './media/links.js';
import { createEndpointGuard } from './net/endpoint-guard.js';
import { createSecretBox } from './secrets.js';
import { registerActivityLog } from './audit.js';
import { createAccessCache } from './access-cache.js';
import { createAccessSync } from './access-sync.js';

export interface PlatformOptions {
  config: AppConfig;
  database: Database;
  /** Defaults to SMTP when SMTP_URL is set, otherwise the development outbox. */
  mailer?: Mailer;
  now?: () => Date;
}

/**
 * The platform pieces modules declare as needs, made once per app. The mailer closes with
 * the app; closing the endpoint guard is left to app.ts, which must do it last.
 */
export function createPlatform(app: FastifyInstance, opts: PlatformOptions) {
  const { config, database } = opts;
  const { env, appSecret } = config;
  const mailer =
    opts.mailer ??
    (env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM) : createDevOutbox(app.log));
  app.addHook('onClose', async () => mailer.close());
  const now = opts.now ?? (() => new Date());
  // Several processes share a PostgreSQL database; a PGlite directory has one process.
  const accessSync = database.kind === 'postgres' ? createAccessSync(database, app.log) : null;
  return {
    db: database.db,
    now,
    log: app.log,
    mailer,
    secrets: createSecretBox(appSecret, config.previousAppSecrets),
    // Every connection to an address an organisation typed in (AI base URLs, storage
    // endpoints) goes through this guard: internal addresses are refused unless
    // ALLOW_PRIVATE_ENDPOINTS.
    endpoints: createEndpointGuard({ allowPrivate: env.ALLOW_PRIVATE_ENDPOINTS ?? false }),
    links: createMediaLinks(appSecret, now),
    mediaTools: createMediaTools({ ffmpegPath: env.FFMPEG_PATH, ffprobePath: env.FFPROBE_PATH }),
    appSecret,
    previousAppSecrets: config.previousAppSecrets,
    publicUrl: config.publicUrl,
    activityLog: registerActivityLog(app, database.db, { flushMs: env.ACTIVITY_LOG_FLUSH_MS }),
    // Sessions, roles and feature flags as every authenticated call reads them (access-cache.ts).
    access: createAccessCache({
      ttlMs: env.ACCESS_CACHE_MS,
      ...(accessSync ? { publish: accessSync.publish } : {}),
    }),
    accessSync,
  };
}
export type Platform = ReturnType<typeof createPlatform>;
