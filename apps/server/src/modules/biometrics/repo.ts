import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { biometricResults, biometricTemplates, participants } from '../../platform/db/schema.js';
import type { BiometricResult } from '@parley/contracts';

export type ParticipantRow = typeof participants.$inferSelect;
export type NewParticipant = typeof participants.$inferInsert;
export type TemplateKind = 'face' | 'voice';

export function createParticipantsRepo(db: Db) {
  return {
    async insert(values: NewParticipant): Promise<ParticipantRow> {
      const [row] = await db.insert(participants).values(values).returning();
      return row!;
    },

    async byEmail(organizationId: string, email: string): Promise<ParticipantRow | null> {
      const [row] = await db
        .select()
        .from(participants)
        .where(and(eq(participants.organizationId, organizationId), eq(participants.email, email)));
      return row ?? null;
    },

    async byId(organizationId: string, id: string): Promise<ParticipantRow | null> {
      const [row] = await db
        .select()
        .from(participants)
        .where(and(eq(participants.organizationId, organizationId), eq(participants.id, id)));
      return row ?? null;
    },

    async byToken(organizationId: string, tokenHash: string): Promise<ParticipantRow | null> {
      const [row] = await db
        .select()
        .from(participants)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.tokenHash, tokenHash),
          ),
        );
      return row ?? null;
    },

    async list(organizationId: string, meetingId?: string): Promise<ParticipantRow[]> {
      return db
        .select()
        .from(participants)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            meetingId ? eq(participants.meetingId, meetingId) : undefined,
          ),
        )
        .orderBy(asc(participants.email));
    },

    async update(id: string, set: Partial<NewParticipant>): Promise<ParticipantRow> {
      const [row] = await db
        .update(participants)
        .set(set)
        .where(eq(participants.id, id))
        .returning();
      return row!;
    },

    /** Templates and results go with it (foreign keys cascade). */
    async remove(id: string): Promise<void> {
      await db.delete(participants).where(eq(participants.id, id));
    },

    async putTemplate(
      values: { participantId: string; organizationId: string; kind: TemplateKind; sealed: string },
      now: Date,
    ): Promise<void> {
      await db
        .insert(biometricTemplates)
        .values({ ...values, createdAt: now })
        .onConflictDoUpdate({
          target: [biometricTemplates.participantId, biometricTemplates.kind],
          set: { sealed: values.sealed, createdAt: now },
        });
    },

    async removeTemplate(participantId: string, kind: TemplateKind): Promise<void> {
      await db
        .delete(biometricTemplates)
        .where(
          and(
            eq(biometricTemplates.participantId, participantId),
            eq(biometricTemplates.kind, kind),
          ),
        );
    },

    async templates(participantId: string) {
      return db
        .select()
        .from(biometricTemplates)
        .where(eq(biometricTemplates.participantId, participantId));
    },

    async saveResult(
      values: { meetingId: string; participantId: string; organizationId: string },
      result: BiometricResult,
      now: Date,
    ): Promise<void> {
      await db
        .insert(biometricResults)
        .values({ ...values, result, createdAt: now })
        .onConflictDoUpdate({
          target: [biometricResults.meetingId, biometricResults.participantId],
          set: { result, createdAt: now },
        });
    },

    async results(meetingId: string): Promise<BiometricResult[]> {
      const rows = await db
        .select({ result: biometricResults.result })
        .from(biometricResults)
        .where(eq(biometricResults.meetingId, meetingId))
        .orderBy(asc(biometricResults.createdAt));
      return rows.map((r) => r.result);
    },
  };
}
export type ParticipantsRepo = ReturnType<typeof createParticipantsRepo>;
