import { crmProviderSchema } from '@parley/contracts';
import { randomToken } from '../../platform/crypto.js';
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

/** A note's marker: a reference printed in it, unique to one claim. */
const newMarker = () => `parley-${randomToken(12)}`;

/**
 * The write-back: one note on the CRM deal of each analysed call, updated when the call is
 * analysed again (its id is kept in crm_notes). Creating is idempotent: the row is claimed
 * with a marker first, the note carries the marker, and an attempt that finds a claim without
 * an id (the last one stopped after the CRM created the note, before its id was kept) looks
 * the note up by its marker before creating one.
 */
export function createNoteWriter(deps: NotesDeps) {
  const { repo, now } = deps;

  async function write(meetingId: string): Promise<void> {
    const m = await repo.meetingForNote(meetingId);
    const provider = crmProviderSchema.safeParse(m?.dealSource);
    if (!m || !m.processed || !m.dealExternalId || !provider.success) return;
    const p = provider.data;
    const dealId = m.dealExternalId;
    const connection = await deps.connections.open(m.organizationId, p);
    if (!connection) return;
    const { client, session } = connection;
    const material = await deps.callNote(m.organizationId, m.id);
    const content = {
      title: m.title?.trim() || m.name,
      occurredAt: m.startTime,
      summary: material.summary,
      actionItems: material.actionItems,
      link: `${deps.publicUrl}/library/${m.id}`,
    };
    const row = { organizationId: m.organizationId, meetingId: m.id, provider: p };

    const claim = async (): Promise<CallNote> => {
      const marker = newMarker();
      await repo.claimNote({ ...row, dealExternalId: dealId, marker }, now());
      return { ...content, marker };
    };

    const saved = await repo.note(m.id, p);
    // A call moved to another deal gets a note there; the old deal keeps its own.
    const mine = saved?.dealExternalId === dealId ? saved : null;
    let noteId = mine?.noteExternalId ?? null;
    let note: CallNote;
    if (noteId) {
      note = { ...content, marker: mine?.marker ?? null };
    } else if (mine?.marker && mine.claimedAt) {
      // Claimed by an attempt that stopped: did it get as far as creating the note?
      note = { ...content, marker: mine.marker };
      noteId = await client.findNote(session, {
        dealId,
        marker: mine.marker,
        since: mine.claimedAt,
      });
    } else {
      note = await claim();
    }

    let written: string;
    try {
      written = await client.upsertNote(session, { dealId, noteId, note });
    } catch (err) {
      // Deleted in the CRM since: write it again, under a claim of its own.
      if (!noteId || !(err instanceof CrmHttpError && err.status === 404)) throw err;
      written = await client.upsertNote(session, { dealId, noteId: null, note: await claim() });
    }
    await repo.saveNote({ ...row, dealExternalId: dealId, noteExternalId: written }, now());
  }

  return { write };
}
