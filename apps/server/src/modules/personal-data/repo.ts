import { and, eq, getTableName, inArray, is } from 'drizzle-orm';
import { PgTable, getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import type { AccessCache } from '../../platform/access-cache.js';
import type { Db } from '../../platform/db/client.js';
import * as schema from '../../platform/db/schema.js';
import {
  activityLog,
  invoices,
  meetings,
  mockInterviews,
  oneTimeCodes,
  organizations,
  participants,
  plans,
  talentProfiles,
  uploads,
  users,
} from '../../platform/db/schema.js';

/** A table and the column of it that points at a user or a meeting. */
export interface Link {
  table: PgTable;
  name: string;
  column: PgColumn;
  /** 'set null' links outlive the user's row: the row stays, unlinked, unless removed. */
  onDelete: string | undefined;
}

const TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((v): v is PgTable =>
  is(v, PgTable),
);

/**
 * Every column of the schema with a foreign key to `target` (users or meetings), read from the
 * schema itself so a table added later is exported and checked without a change here.
 */
export function linksTo(target: PgTable): Link[] {
  const found: Link[] = [];
  for (const table of TABLES) {
    for (const fk of getTableConfig(table).foreignKeys) {
      const ref = fk.reference();
      const [column] = ref.columns;
      if (ref.foreignTable !== target || ref.columns.length !== 1 || !column) continue;
      found.push({ table, name: getTableName(table), column, onDelete: fk.onDelete });
    }
  }
  return found;
}

/** Columns never written to the archive: credentials, even sealed or hashed. */
const SECRET = /hash|sealed|secret|token|password/i;

function withoutSecrets(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET.test(k)));
}

export type PersonRow = typeof users.$inferSelect;
export type PersonMeeting = typeof meetings.$inferSelect;
export type PersonUpload = typeof uploads.$inferSelect;

/** Deleting a person tells `access`: their session ends with them. */
export function createPersonalDataRepo(db: Db, access: AccessCache) {
  const userLinks = linksTo(users);
  const meetingLinks = linksTo(meetings);

  async function rowsOf(link: Link, ids: readonly string[]) {
    if (!ids.length) return [];
    const rows = await db
      .select()
      .from(link.table)
      .where(inArray(link.column, [...ids]));
    return rows.map((r) => withoutSecrets(r as Record<string, unknown>));
  }

  return {
    async person(userId: string) {
      const [row] = await db
        .select({ user: users, organizationName: organizations.name })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async profile(userId: string) {
      const [row] = await db.select().from(talentProfiles).where(eq(talentProfiles.userId, userId));
      return row ?? null;
    },

    mockInterviews: (userId: string) =>
      db.select().from(mockInterviews).where(eq(mockInterviews.userId, userId)),

    meetings: (userId: string) => db.select().from(meetings).where(eq(meetings.ownerId, userId)),

    uploads: (userId: string) => db.select().from(uploads).where(eq(uploads.userId, userId)),

    invoices: (userId: string) =>
      db.select().from(invoices).where(eq(invoices.buyerUserId, userId)),

    /**
     * Rows of every table that points at the person, by table name, minus the ones the
     * archive writes on its own (`skip`). Sessions and sign-in codes are credentials, not data.
     */
    async userRecords(userId: string, skip: ReadonlySet<string>) {
      const out: Record<string, Record<string, unknown>[]> = {};
      for (const link of userLinks) {
        if (skip.has(link.name)) continue;
        const rows = await rowsOf(link, [userId]);
        if (rows.length) out[link.name] = [...(out[link.name] ?? []), ...rows];
      }
      return out;
    },

    /** Rows of every table that points at the meeting (transcript, analysis, insights…). */
    async meetingRecords(meetingId: string) {
      const out: Record<string, Record<string, unknown>[]> = {};
      for (const link of meetingLinks) {
        const rows = await rowsOf(link, [meetingId]);
        if (rows.length) out[link.name] = [...(out[link.name] ?? []), ...rows];
      }
      return out;
    },

    /**
     * Removes the person. Their meetings, profile, interviews, sessions and the rest go by the
     * users row's cascades; what only points at them with `set null` is removed here when it is
     * theirs alone (their activity, their pending plans, sign-in codes, their participant card).
     * Invoices stay as legal records, without the link (as when an organisation is deleted).
     */
    async purge(person: PersonRow) {
      await db.transaction(async (tx) => {
        await tx.delete(activityLog).where(eq(activityLog.userId, person.id));
        await tx.delete(plans).where(eq(plans.requestedBy, person.id));
        await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.email, person.email));
        await tx
          .delete(participants)
          .where(
            and(
              eq(participants.organizationId, person.organizationId),
              eq(participants.email, person.email),
            ),
          );
        await tx.delete(users).where(eq(users.id, person.id));
      });
      access.userChanged(person.id);
    },
  };
}
export type PersonalDataRepo = ReturnType<typeof createPersonalDataRepo>;
