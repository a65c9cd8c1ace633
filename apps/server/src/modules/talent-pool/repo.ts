import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { CatalogStatus, MockLevel, catalogQuery } from '@parley/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { withTotal } from '../../platform/db/paged.js';
import {
  mockInterviews,
  talentCompanies,
  talentProfiles,
  talentQuestions,
  talentRoles,
} from '../../platform/db/schema.js';

export type CatalogRow = typeof talentCompanies.$inferSelect;
export type ProfileRow = typeof talentProfiles.$inferSelect;
export type MockInterviewRow = typeof mockInterviews.$inferSelect;
type CatalogTable = typeof talentCompanies | typeof talentRoles;

/** The same list, create, rename and delete for companies and roles. */
function catalogRepo(db: Db, table: CatalogTable) {
  return {
    async page(q: z.output<typeof catalogQuery>) {
      const pattern = containsPattern(q.search);
      const condition = and(
        pattern ? ilike(table.name, pattern) : undefined,
        q.status ? eq(table.status, q.status) : undefined,
      );
      const [field, direction] = q.sort.split(':');
      const column = field === 'name' ? table.name : table.createdAt;
      const order = direction === 'asc' ? asc(column) : desc(column);
      return withTotal(
        db,
        table,
        condition,
        db
          .select()
          .from(table)
          .where(condition)
          .orderBy(order, asc(table.id))
          .limit(q.size)
          .offset(q.page * q.size),
      );
    },
    active: () =>
      db.select().from(table).where(eq(table.status, 'active')).orderBy(asc(table.name)),
    async byId(id: string): Promise<CatalogRow | null> {
      const [row] = await db.select().from(table).where(eq(table.id, id));
      return row ?? null;
    },
    async activeByName(name: string): Promise<CatalogRow | null> {
      const [row] = await db
        .select()
        .from(table)
        .where(and(eq(table.name, name), eq(table.status, 'active')));
      return row ?? null;
    },
    async create(values: { name: string; status: CatalogStatus }): Promise<CatalogRow> {
      const [row] = await db.insert(table).values(values).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },
    async update(
      id: string,
      values: { name?: string | undefined; status?: CatalogStatus | undefined },
    ): Promise<CatalogRow | null> {
      const [row] = await db
        .update(table)
        .set({
          ...(values.name !== undefined ? { name: values.name } : {}),
          ...(values.status !== undefined ? { status: values.status } : {}),
          updatedAt: new Date(),
        })
        .where(eq(table.id, id))
        .returning();
      return row ?? null;
    },
    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
      return rows.length > 0;
    },
  };
}

export function createTalentPoolRepo(db: Db) {
  return {
    companies: catalogRepo(db, talentCompanies),
    roles: catalogRepo(db, talentRoles),

    /** How many bank questions each role has per level. */
    async questionCounts(
      roleIds: string[],
    ): Promise<Map<string, Partial<Record<MockLevel, number>>>> {
      const counts = new Map<string, Partial<Record<MockLevel, number>>>();
      if (roleIds.length === 0) return counts;
      const rows = await db
        .select({ roleId: talentQuestions.roleId, level: talentQuestions.level, n: count() })
        .from(talentQuestions)
        .groupBy(talentQuestions.roleId, talentQuestions.level);
      for (const r of rows) {
        if (!roleIds.includes(r.roleId)) continue;
        counts.set(r.roleId, { ...counts.get(r.roleId), [r.level]: r.n });
      }
      return counts;
    },

    questions: (roleId: string, level: MockLevel) =>
      db
        .select()
        .from(talentQuestions)
        .where(and(eq(talentQuestions.roleId, roleId), eq(talentQuestions.level, level)))
        .orderBy(asc(talentQuestions.createdAt), asc(talentQuestions.text)),

    async profile(userId: string): Promise<ProfileRow | null> {
      const [row] = await db.select().from(talentProfiles).where(eq(talentProfiles.userId, userId));
      return row ?? null;
    },

    async saveProfile(values: typeof talentProfiles.$inferInsert): Promise<ProfileRow> {
      const { userId: _u, organizationId: _o, ...changes } = values;
      const [row] = await db
        .insert(talentProfiles)
        .values(values)
        .onConflictDoUpdate({
          target: talentProfiles.userId,
          set: { ...changes, updatedAt: new Date() },
        })
        .returning();
      if (!row) throw new Error('profile upsert returned nothing');
      return row;
    },

    async createMockInterview(
      values: typeof mockInterviews.$inferInsert,
    ): Promise<MockInterviewRow> {
      const [row] = await db.insert(mockInterviews).values(values).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async mockInterview(userId: string, id: string): Promise<MockInterviewRow | null> {
      const [row] = await db
        .select()
        .from(mockInterviews)
        .where(and(eq(mockInterviews.id, id), eq(mockInterviews.userId, userId)));
      return row ?? null;
    },

    async updateMockInterview(
      id: string,
      changes: Partial<typeof mockInterviews.$inferInsert>,
    ): Promise<MockInterviewRow> {
      const [row] = await db
        .update(mockInterviews)
        .set(changes)
        .where(eq(mockInterviews.id, id))
        .returning();
      if (!row) throw new Error('mock interview update returned nothing');
      return row;
    },

    /** Counts slice `index` in when it is the next one; null when another request got there. */
    async countChunk(id: string, index: number, bytes: number): Promise<MockInterviewRow | null> {
      const [row] = await db
        .update(mockInterviews)
        .set({
          chunks: sql`${mockInterviews.chunks} + 1`,
          recordedBytes: sql`${mockInterviews.recordedBytes} + ${bytes}`,
        })
        .where(and(eq(mockInterviews.id, id), eq(mockInterviews.chunks, index)))
        .returning();
      return row ?? null;
    },

    mockInterviews: (userId: string, where?: SQL) =>
      db
        .select()
        .from(mockInterviews)
        .where(and(eq(mockInterviews.userId, userId), where))
        .orderBy(desc(mockInterviews.createdAt), desc(mockInterviews.id)),

    /** The person's mock interviews linked to these meetings. */
    mockInterviewsOfMeetings: async (userId: string, meetingIds: readonly string[]) =>
      meetingIds.length
        ? db
            .select()
            .from(mockInterviews)
            .where(
              and(
                eq(mockInterviews.userId, userId),
                inArray(mockInterviews.meetingId, [...meetingIds]),
              ),
            )
        : [],

    /** The mock interview (of anyone) a meeting is linked to. */
    async byMeeting(meetingId: string): Promise<MockInterviewRow | null> {
      const [row] = await db
        .select()
        .from(mockInterviews)
        .where(eq(mockInterviews.meetingId, meetingId));
      return row ?? null;
    },

    async submit(id: string, meetingId: string, at: Date): Promise<MockInterviewRow> {
      const [row] = await db
        .update(mockInterviews)
        .set({ meetingId, submittedAt: at, state: 'submitted' })
        .where(eq(mockInterviews.id, id))
        .returning();
      if (!row) throw new Error('update returned nothing');
      return row;
    },
  };
}
export type TalentPoolRepo = ReturnType<typeof createTalentPoolRepo>;
