import { crmProviderSchema } from '@parley/contracts';
import type { CrmConnections } from './connections.js';
import { CrmHttpError } from './http.js';
import type { CrmRepo } from './repo.js';
import type { CallNote } from './types.js';

export interface NotesDeps {
  repo: CrmRepo;
  connections: CrmConnections;
  publicUrl: string;
  /** The stored summary and action items of an analysed call. */
  callNote: (
    organizationId: string,
    meetingId: string,
  ) => Promise<{ summary: string[]; actionItems: string[] }>;
  now: () => Date;
}

/**
 * The write-back: one note on the CRM deal of each analysed call, updated when the call is
 * analysed again (its id is kept in crm_notes).
 */
export function createNoteWriter(deps: NotesDeps) {
  const { repo, now } = deps;

  async function write(meetingId: string): Promise<void> {
    const m = await repo.meetingForNote(meetingId);
    const provider = crmProviderSchema.safeParse(m?.dealSource);
    if (!m || !m.processed || !m.dealExternalId || !provider.success) return;
    const p = provider.data;
    const connection = await deps.connections.open(m.organizationId, p);
    if (!connection) return;
    const { client, session } = connection;
    const material = await deps.callNote(m.organizationId, m.id);
    const note: CallNote = {
      title: m.title?.trim() || m.name,
      occurredAt: m.startTime,
      summary: material.summary,
      actionItems: material.actionItems,
      link: `${deps.publicUrl}/library/${m.id}`,
    };
    const saved = await repo.note(m.id, p);
    // A call moved to another deal gets a note there; the old deal keeps its own.
    const noteId = saved?.dealExternalId === m.dealExternalId ? saved.noteExternalId : null;
    let written: string;
    try {
      written = await client.upsertNote(session, { dealId: m.dealExternalId, noteId, note });
    } catch (err) {
      // Deleted in the CRM since: write it again.
      if (!noteId || !(err instanceof CrmHttpError && err.status === 404)) throw err;
      written = await client.upsertNote(session, { dealId: m.dealExternalId, noteId: null, note });
    }
    await repo.saveNote(
      {
        organizationId: m.organizationId,
        meetingId: m.id,
        provider: p,
        dealExternalId: m.dealExternalId,
        noteExternalId: written,
      },
      now(),
    );
  }

  return { write };
}
