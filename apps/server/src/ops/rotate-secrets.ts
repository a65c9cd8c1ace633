import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import {
  biometricTemplates,
  calendarConnections,
  integrationConfigs,
  meetingBots,
  publicLinks,
  zoomRecordings,
} from '../platform/db/schema.js';
import type { SecretBox } from '../platform/secrets.js';
import { botLoginSealContext } from '../modules/bots/service.js';
import type { TemplateKind } from '../modules/biometrics/repo.js';
import { sealContext as biometricSealContext } from '../modules/biometrics/templates.js';
import { secretContext as calendarSecretContext } from '../modules/calendars/connections.js';
import { secretContext as integrationSecretContext } from '../modules/integrations/service.js';
import { publicLinkHasher, publicLinkSealContext } from '../modules/sharing/service.js';
import { context as zoomSecretContext } from '../modules/zoom/service.js';

/** Per sealed column: how many values were sealed again, and how many no known key opened. */
export interface RotationCount {
  column: string;
  resealed: number;
  unreadable: number;
}

interface SealedColumn {
  column: string;
  /** Every row's sealed value with its context, and how to write the value sealed again. */
  rows(db: Db): Promise<{ sealed: string; context: string; write(v: string): Promise<void> }[]>;
}

/*
 * Every column holding SecretBox output. A new sealed column must be listed here, or it stays
 * under the old APP_SECRET and becomes unreadable once APP_SECRET_PREVIOUS is removed; the
 * rotation test seals through each owning module and fails on one left out.
 */
const SEALED_COLUMNS: SealedColumn[] = [
  {
    // Cloud storage, AI providers, CRMs and Zoom: all bound to "<organisation>:<provider>".
    column: 'integration_configs.secret_sealed',
    async rows(db) {
      const rows = await db
        .select()
        .from(integrationConfigs)
        .where(isNotNull(integrationConfigs.secretSealed));
      return rows.map((r) => ({
        sealed: r.secretSealed ?? '',
        context: integrationSecretContext(r.organizationId, r.provider),
        write: async (v) => {
          await db
            .update(integrationConfigs)
            .set({ secretSealed: v })
            .where(eq(integrationConfigs.id, r.id));
        },
      }));
    },
  },
  {
    column: 'calendar_connections.secret_sealed',
    async rows(db) {
      const rows = await db.select().from(calendarConnections);
      return rows.map((r) => ({
        sealed: r.secretSealed,
        context: calendarSecretContext(r.userId, r.provider),
        write: async (v) => {
          await db
            .update(calendarConnections)
            .set({ secretSealed: v })
            .where(eq(calendarConnections.id, r.id));
        },
      }));
    },
  },
  {
    column: 'zoom_recordings.download_token_sealed',
    async rows(db) {
      const rows = await db
        .select()
        .from(zoomRecordings)
        .where(isNotNull(zoomRecordings.downloadTokenSealed));
      return rows.map((r) => ({
        sealed: r.downloadTokenSealed ?? '',
        context: zoomSecretContext(r.organizationId),
        write: async (v) => {
          await db
            .update(zoomRecordings)
            .set({ downloadTokenSealed: v })
            .where(eq(zoomRecordings.id, r.id));
        },
      }));
    },
  },
  {
    column: 'biometric_templates.sealed',
    async rows(db) {
      const rows = await db.select().from(biometricTemplates);
      return rows.map((r) => ({
        sealed: r.sealed,
        context: biometricSealContext(
          { organizationId: r.organizationId, id: r.participantId },
          r.kind as TemplateKind,
        ),
        write: async (v) => {
          await db
            .update(biometricTemplates)
            .set({ sealed: v })
            .where(
              and(
                eq(biometricTemplates.participantId, r.participantId),
                eq(biometricTemplates.kind, r.kind),
              ),
            );
        },
      }));
    },
  },
  {
    column: 'meeting_bots.login',
    async rows(db) {
      const rows = await db.select().from(meetingBots).where(isNotNull(meetingBots.login));
      return rows.map((r) => ({
        sealed: r.login ?? '',
        context: botLoginSealContext(r),
        write: async (v) => {
          await db.update(meetingBots).set({ login: v }).where(eq(meetingBots.id, r.id));
        },
      }));
    },
  },
];

/**
 * Seals every stored secret again under the current APP_SECRET (opening with it or
 * APP_SECRET_PREVIOUS). Row by row, each its own write: a rotation interrupted half way is
 * simply run again. A value no key opens is left as it was and counted, not fatal: the
 * feature that owns it already treats it as "reconnect" (as after a lost APP_SECRET).
 */
export async function rotateSecrets(
  db: Db,
  box: SecretBox,
  appSecret: string,
): Promise<RotationCount[]> {
  const counts: RotationCount[] = [];
  for (const c of SEALED_COLUMNS) {
    const count = { column: c.column, resealed: 0, unreadable: 0 };
    for (const row of await c.rows(db)) {
      let next: string;
      try {
        next = box.reseal(row.sealed, row.context);
      } catch {
        count.unreadable++;
        continue;
      }
      await row.write(next);
      count.resealed++;
    }
    counts.push(count);
  }
  counts.push(await rotatePublicLinks(db, box, appSecret));
  return counts;
}

/**
 * A public link's token is sealed and also stored as an HMAC keyed from APP_SECRET (what a
 * visitor's lookup compares): both move to the new secret, or the shared link stops opening.
 */
async function rotatePublicLinks(db: Db, box: SecretBox, appSecret: string) {
  const hashOf = publicLinkHasher(appSecret);
  const count = { column: 'public_links.token_sealed', resealed: 0, unreadable: 0 };
  for (const r of await db.select().from(publicLinks)) {
    const context = publicLinkSealContext(r.meetingId);
    let token: unknown;
    try {
      token = box.open(r.tokenSealed, context);
    } catch {
      count.unreadable++;
      continue;
    }
    if (typeof token !== 'string') {
      count.unreadable++;
      continue;
    }
    await db
      .update(publicLinks)
      .set({ tokenSealed: box.seal(token, context), tokenHash: hashOf(token) })
      .where(eq(publicLinks.meetingId, r.meetingId));
    count.resealed++;
  }
  return count;
}
