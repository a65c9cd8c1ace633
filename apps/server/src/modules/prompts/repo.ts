import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { withTotal } from '../../platform/db/paged.js';
import { prompts } from '../../platform/db/schema.js';

export type PromptRow = typeof prompts.$inferSelect;
export type NewPrompt = typeof prompts.$inferInsert;
export type PromptChanges = Partial<Omit<NewPrompt, 'id' | 'organizationId' | 'userId'>>;

export interface Reader {
  organizationId: string;
  userId: string;
}

export interface PromptListQuery {
  offset: number;
  limit: number;
  sort: { field: 'updatedAt' | 'createdAt' | 'promptName'; direction: 'asc' | 'desc' };
  access?: 'Private' | 'Public';
  search?: string;
}

/** The organisation's Public prompts and the reader's own Private ones. */
const visibleTo = (r: Reader): SQL =>
  and(
    eq(prompts.organizationId, r.organizationId),
    or(eq(prompts.access, 'Public'), eq(prompts.userId, r.userId)),
  ) as SQL;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createPromptsRepo(db: Db) {
  return {
    async list(reader: Reader, q: PromptListQuery) {
      const pattern = q.search ? `%${escapeLike(q.search)}%` : null;
      const where = and(
        visibleTo(reader),
        q.access ? eq(prompts.access, q.access) : undefined,
        pattern
          ? or(
              ilike(prompts.promptName, pattern),
              ilike(prompts.prompt, pattern),
              sql`exists (select 1 from unnest(${prompts.tags}) t where t ilike ${pattern})`,
            )
          : undefined,
      );
      const column = prompts[q.sort.field];
      const order = q.sort.direction === 'asc' ? asc(column) : desc(column);
      return withTotal(
        db,
        prompts,
        where,
        db
          .select()
          .from(prompts)
          .where(where)
          .orderBy(order, asc(prompts.id))
          .limit(q.limit)
          .offset(q.offset),
      );
    },

    async get(reader: Reader, id: string) {
      const [row] = await db
        .select()
        .from(prompts)
        .where(and(visibleTo(reader), eq(prompts.id, id)));
      return row ?? null;
    },

    async byTag(reader: Reader, tag: string) {
      return db
        .select()
        .from(prompts)
        .where(and(visibleTo(reader), sql`${tag} = any(${prompts.tags})`))
        .orderBy(asc(prompts.updatedAt));
    },

    async byMeeting(reader: Reader, meetingId: string) {
      return db
        .select()
        .from(prompts)
        .where(and(visibleTo(reader), eq(prompts.meetingId, meetingId)))
        .orderBy(asc(prompts.updatedAt));
    },

    async tags(reader: Reader): Promise<string[]> {
      const rows = await db
        .selectDistinct({ tag: sql<string>`unnest(${prompts.tags})` })
        .from(prompts)
        .where(visibleTo(reader));
      return rows.map((r) => r.tag).sort((a, b) => a.localeCompare(b));
    },

    async insert(values: NewPrompt) {
      const [row] = await db.insert(prompts).values(values).returning();
      if (!row) throw new Error('prompt not saved');
      return row;
    },

    async update(organizationId: string, id: string, changes: PromptChanges) {
      const [row] = await db
        .update(prompts)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(prompts.organizationId, organizationId), eq(prompts.id, id)))
        .returning();
      return row ?? null;
    },

    async remove(organizationId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(prompts)
        .where(and(eq(prompts.organizationId, organizationId), eq(prompts.id, id)))
        .returning({ id: prompts.id });
      return gone.length > 0;
    },
  };
}
export type PromptsRepo = ReturnType<typeof createPromptsRepo>;
