import { randomUUID } from 'node:crypto';
import {
  AVATAR_MESSAGES as M,
  type CreateVoiceFields,
  type SpeechClip,
  type Voice,
} from '@parley/contracts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { crossesOrganisations, type Caller } from '../../platform/http/caller.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { StoredMedia } from '../../platform/db/schema.js';
import type { VoiceRow, VoicesRepo } from './repo.js';
import type { Speech } from './speech.js';

/** What a voice preview says when the voice has no reference text of its own. */
export const PREVIEW_SENTENCE =
  'Hello, thank you for joining. Shall we begin with a short introduction?';

export interface VoiceSample {
  bytes: Buffer;
  contentType: string;
}

export interface VoicesDeps {
  repo: VoicesRepo;
  speech: Speech;
  resolveStore: StoreResolver;
  now: () => Date;
}

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Voices (spec 3 §7): the super admin's library, seen by every organisation, and each
 * organisation's own. The super admin's additions go to the library; a point of contact's to
 * their organisation. Another organisation's voice is not found; a library voice is changed
 * only by the super admin.
 */
export function createVoicesService(deps: VoicesDeps) {
  const { repo, speech, resolveStore, now } = deps;

  async function defaultVoiceId(orgId: string, rows: VoiceRow[]): Promise<string | null> {
    const chosen = await repo.chosenDefault(orgId, 'voice');
    if (chosen && rows.some((r) => r.id === chosen)) return chosen;
    return rows.find((r) => r.organizationId === null && r.isDefault)?.id ?? null;
  }

  const toVoice = (row: VoiceRow, defaultId: string | null): Voice => ({
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    refText: row.refText,
    gender: row.gender as Voice['gender'],
    tone: row.tone as Voice['tone'],
    language: row.language,
    engine: row.engine as Voice['engine'],
    engineVoice: row.engineVoice,
    hasSample: row.sample !== null,
    consent: row.consent,
    isDefault: row.id === defaultId,
    library: row.organizationId === null,
    createdAt: row.createdAt.toISOString(),
  });

  /** A voice the caller may change: their organisation's, or the library's for the super admin. */
  async function changeable(caller: Caller, id: string): Promise<VoiceRow> {
    const row = await repo.voice(caller.organizationId, id);
    if (!row) throw notFound(M.voiceNotFound);
    if (row.organizationId === null && !crossesOrganisations(caller)) {
      throw forbidden(M.libraryOnlyAdmin);
    }
    return row;
  }

  async function one(caller: Caller, row: VoiceRow): Promise<Voice> {
    const rows = await repo.voices(caller.organizationId);
    return toVoice(row, await defaultVoiceId(caller.organizationId, rows));
  }

  return {
    async list(caller: Caller): Promise<Voice[]> {
      const rows = await repo.voices(caller.organizationId);
      const defaultId = await defaultVoiceId(caller.organizationId, rows);
      return rows.map((r) => toVoice(r, defaultId));
    },

    /** The row behind an id the caller may use (avatars speak with it). */
    async usable(caller: Caller, id: string): Promise<VoiceRow> {
      const row = await repo.voice(caller.organizationId, id);
      if (!row) throw notFound(M.voiceNotFound);
      return row;
    },

    async defaultRow(organizationId: string): Promise<VoiceRow | null> {
      const rows = await repo.voices(organizationId);
      const id = await defaultVoiceId(organizationId, rows);
      return rows.find((r) => r.id === id) ?? null;
    },

    async create(
      caller: Caller,
      fields: CreateVoiceFields,
      sample: VoiceSample | null,
    ): Promise<Voice> {
      const consent = fields.consent === 'true';
      // A recorded person's voice is used only with their agreement, recorded with who and when.
      if (sample && !consent) throw badRequest(M.consentRequired);
      const library = crossesOrganisations(caller);
      const ownerOrg = library ? null : caller.organizationId;
      let stored: StoredMedia | null = null;
      if (sample) {
        // The sample lives in the uploader's store, under their organisation's prefix.
        const store = await resolveStore(caller.organizationId);
        const id = randomUUID();
        const key = `${caller.organizationId}/voices/${id}`;
        await store.put(key, sample.bytes, sample.contentType);
        stored = { id, provider: store.provider, key, contentType: sample.contentType };
      }
      const row = await repo.insertVoice({
        organizationId: ownerOrg,
        name: fields.name,
        refText: fields.refText,
        gender: fields.gender,
        tone: fields.tone,
        language: fields.language,
        engine: fields.engine,
        engineVoice: fields.engineVoice ?? null,
        sample: stored,
        consent,
        consentBy: consent ? caller.userId : null,
        consentAt: consent ? now() : null,
        createdAt: now(),
        updatedAt: now(),
      });
      return one(caller, row);
    },

    async setDefault(caller: Caller, id: string): Promise<Voice> {
      const row = await repo.voice(caller.organizationId, id);
      if (!row) throw notFound(M.voiceNotFound);
      if (row.organizationId === null && crossesOrganisations(caller)) {
        await repo.setLibraryDefault('voice', row.id);
      } else {
        await repo.chooseDefault(caller.organizationId, 'voice', row.id);
      }
      return one(caller, row);
    },

    async remove(caller: Caller, id: string): Promise<{ message: string }> {
      const row = await changeable(caller, id);
      if ((await repo.avatarsUsingVoice(row.id)) > 0) throw conflict(M.voiceInUse);
      await repo.deleteVoice(row.id);
      if (row.sample) {
        const ownerOrg = row.sample.key.split('/')[0] ?? caller.organizationId;
        const store = await resolveStore(ownerOrg, row.sample.provider);
        await store.delete(row.sample.key).catch(() => undefined);
      }
      return { message: M.voiceDeleted };
    },

    /** The uploaded sample as it is, else a sentence (its reference text) in the voice. */
    async preview(caller: Caller, id: string): Promise<SpeechClip> {
      const row = await repo.voice(caller.organizationId, id);
      if (!row) throw notFound(M.voiceNotFound);
      if (row.sample) {
        const ownerOrg = row.sample.key.split('/')[0] ?? caller.organizationId;
        const store = await resolveStore(ownerOrg, row.sample.provider);
        const bytes = await streamToBuffer(await store.get(row.sample.key));
        return {
          audio: bytes.toString('base64'),
          mimeType: row.sample.contentType,
          durationMs: 0,
          engine: 'sample',
          visemes: [],
          timing: 'none',
          source: 'sample',
        };
      }
      const text = row.refText.trim() || PREVIEW_SENTENCE;
      return speech.speak(caller.organizationId, row, text);
    },
  };
}
export type VoicesService = ReturnType<typeof createVoicesService>;
