import { randomUUID } from 'node:crypto';
import {
  AVATAR_MESSAGES as M,
  AVATAR_TIMEOUTS_MS,
  BUILT_IN_PORTRAITS,
  type Avatar,
  type AvatarTimeouts,
  type AvatarDraftBody,
  type SpeechClip,
} from '@parley/contracts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import { crossesOrganisations, type Caller } from '../../platform/http/caller.js';
import { SQUARE_IMAGE_TYPE, squareImage } from '../../platform/media/images.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { AvatarInsert, AvatarRow, VoicesRepo } from './repo.js';
import type { Speech } from './speech.js';
import type { VoicesService } from './voices-service.js';

const PORTRAIT_PX = 384;

export interface AvatarsDeps {
  repo: VoicesRepo;
  voices: VoicesService;
  speech: Speech;
  resolveStore: StoreResolver;
  now: () => Date;
  /** Spec 3 §9's time-outs by default; tests shorten them. */
  timeouts?: Partial<AvatarTimeouts>;
}

/** The text fields of a draft or an update as columns: the flags arrive as text (spec 3 §5). */
function columnsOf(b: Partial<AvatarDraftBody>): Partial<AvatarInsert> {
  const out: Partial<AvatarInsert> = {};
  if (b.name !== undefined) out.name = b.name;
  if (b.gender !== undefined) out.gender = b.gender;
  if (b.refText !== undefined) out.refText = b.refText;
  if (b.voiceId !== undefined) out.voiceId = b.voiceId;
  if (b.prompt !== undefined) out.prompt = b.prompt;
  if (b.isOrpheus !== undefined) out.isOrpheus = b.isOrpheus === 'true';
  if (b.motionVideo !== undefined) out.motionVideo = b.motionVideo === 'true';
  if (b.speechSpeed !== undefined) out.speechSpeed = Number(b.speechSpeed);
  if (b.avatarRole !== undefined) out.avatarRole = b.avatarRole;
  if (b.isAvtControlled !== undefined) out.isAvtControlled = b.isAvtControlled === 'true';
  if (b.startPhrase !== undefined) out.startPhrase = b.startPhrase;
  if (b.stopPhrase !== undefined) out.stopPhrase = b.stopPhrase;
  if (b.language !== undefined) out.language = b.language;
  return out;
}

/**
 * Runs an avatar step within the spec's time-out, else 504. `alive()` is called before each
 * write: a step that finishes after its caller was told it failed changes nothing.
 */
async function within<T>(ms: number, work: (alive: () => void) => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let expired = false;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      expired = true;
      reject(new AppError(504, M.timedOut));
    }, ms);
  });
  const alive = () => {
    if (expired) throw new AppError(504, M.timedOut);
  };
  const running = work(alive);
  running.catch(() => undefined);
  try {
    return await Promise.race([running, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function toBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Avatars (spec 3 §4): draft -> image -> ready (finalise), then regenerate, duplicate, update,
 * default, delete. The built-in avatar is a portrait the browser animates with the mouth
 * shapes of the voice's speech; "generating" it means trying its voice once, within the time-out.
 */
export function createAvatarsService(deps: AvatarsDeps) {
  const { repo, voices, speech, resolveStore, now } = deps;
  const timeouts: AvatarTimeouts = { ...AVATAR_TIMEOUTS_MS, ...deps.timeouts };

  async function defaultId(orgId: string, rows: AvatarRow[]): Promise<string | null> {
    const chosen = await repo.chosenDefault(orgId, 'avatar');
    if (chosen && rows.some((r) => r.id === chosen)) return chosen;
    return rows.find((r) => r.organizationId === null && r.isDefault)?.id ?? null;
  }

  async function imageUrlOf(row: AvatarRow): Promise<string | null> {
    if (!row.image) return null;
    const owner = row.image.key.split('/')[0] ?? '';
    const store = await resolveStore(owner, row.image.provider);
    const bytes = await toBuffer(await store.get(row.image.key)).catch(() => null);
    return bytes ? `data:${row.image.contentType};base64,${bytes.toString('base64')}` : null;
  }

  async function toAvatar(row: AvatarRow, defaultAvatar: string | null): Promise<Avatar> {
    return {
      id: row.id,
      organizationId: row.organizationId,
      name: row.name,
      status: row.status as Avatar['status'],
      gender: row.gender as Avatar['gender'],
      refText: row.refText,
      voiceId: row.voiceId,
      prompt: row.prompt,
      isOrpheus: row.isOrpheus,
      motionVideo: row.motionVideo,
      speechSpeed: row.speechSpeed,
      avatarRole: row.avatarRole as Avatar['avatarRole'],
      isAvtControlled: row.isAvtControlled,
      startPhrase: row.startPhrase,
      stopPhrase: row.stopPhrase,
      language: row.language,
      portrait: row.portrait,
      imageUrl: await imageUrlOf(row),
      isDefault: row.id === defaultAvatar,
      library: row.organizationId === null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function one(caller: Caller, row: AvatarRow): Promise<Avatar> {
    const rows = await repo.avatars(caller.organizationId);
    return toAvatar(row, await defaultId(caller.organizationId, rows));
  }

  async function changeable(caller: Caller, id: string): Promise<AvatarRow> {
    const row = await repo.avatar(caller.organizationId, id);
    if (!row) throw notFound(M.avatarNotFound);
    if (row.organizationId === null && !crossesOrganisations(caller)) {
      throw forbidden(M.libraryOnlyAdmin);
    }
    return row;
  }

  /** Speaks a sentence with the avatar's voice: the proof its voice works, and the preview. */
  async function say(caller: Caller, row: AvatarRow, text: string): Promise<SpeechClip> {
    const voice = row.voiceId
      ? await voices.usable(caller, row.voiceId).catch(() => null)
      : await voices.defaultRow(caller.organizationId);
    return speech.speak(caller.organizationId, voice, text, {
      speed: row.speechSpeed,
      orpheus: row.isOrpheus,
      gender: row.gender as 'male' | 'female' | 'neutral',
      language: row.language,
    });
  }

  const tryVoice = (caller: Caller, row: AvatarRow) =>
    say(caller, row, row.refText.trim() || row.startPhrase.trim() || `Hello, I am ${row.name}.`);

  async function checkVoice(caller: Caller, voiceId: string | null | undefined) {
    if (voiceId) await voices.usable(caller, voiceId);
  }

  return {
    async list(caller: Caller): Promise<Avatar[]> {
      const rows = await repo.avatars(caller.organizationId);
      const d = await defaultId(caller.organizationId, rows);
      return Promise.all(rows.map((r) => toAvatar(r, d)));
    },

    async get(caller: Caller, id: string): Promise<Avatar> {
      const row = await repo.avatar(caller.organizationId, id);
      if (!row) throw notFound(M.avatarNotFound);
      return one(caller, row);
    },

    async createDraft(caller: Caller, body: AvatarDraftBody): Promise<Avatar> {
      return within(timeouts.avatarDraft, async (alive) => {
        await checkVoice(caller, body.voiceId);
        alive();
        const row = await repo.insertAvatar({
          ...columnsOf(body),
          name: body.name,
          gender: body.gender,
          organizationId: crossesOrganisations(caller) ? null : caller.organizationId,
          status: 'draft',
          createdAt: now(),
          updatedAt: now(),
        });
        return one(caller, row);
      });
    },

    /** An uploaded picture (squared, stored) or one of the illustrated portraits. */
    async setImage(
      caller: Caller,
      avatarId: string,
      image: { bytes: Buffer } | { portrait: string },
    ): Promise<Avatar> {
      return within(timeouts.avatarImage, async (alive) => {
        const row = await changeable(caller, avatarId);
        let values: Partial<AvatarInsert>;
        if ('portrait' in image) {
          if (!(BUILT_IN_PORTRAITS as readonly string[]).includes(image.portrait)) {
            throw badRequest(M.noImage);
          }
          values = { portrait: `builtin:${image.portrait}`, image: null };
        } else {
          const square = await squareImage(image.bytes, PORTRAIT_PX);
          const store = await resolveStore(caller.organizationId);
          const id = randomUUID();
          const key = `${caller.organizationId}/avatars/${id}.webp`;
          await store.put(key, square, SQUARE_IMAGE_TYPE);
          values = {
            portrait: 'upload',
            image: { id, provider: store.provider, key, contentType: SQUARE_IMAGE_TYPE },
          };
        }
        alive();
        await discardImage(row);
        const status = row.status === 'ready' ? 'ready' : 'image';
        return one(
          caller,
          await repo.updateAvatar(row.id, { ...values, status, updatedAt: now() }),
        );
      });
    },

    async finalise(caller: Caller, id: string): Promise<Avatar> {
      const row = await changeable(caller, id);
      if (!row.portrait) throw badRequest(M.notReadyToFinalise);
      return within(timeouts.avatarDraft, async (alive) => {
        await tryVoice(caller, row);
        alive();
        return one(caller, await repo.updateAvatar(row.id, { status: 'ready', updatedAt: now() }));
      });
    },

    async regenerate(
      caller: Caller,
      body: {
        avatarId: string;
        gender: string;
        voiceId: string;
        refText: string;
        speechSpeed: string;
      },
    ): Promise<Avatar> {
      const row = await changeable(caller, body.avatarId);
      await checkVoice(caller, body.voiceId);
      return within(timeouts.avatarRegenerate, async (alive) => {
        const next = {
          gender: body.gender,
          voiceId: body.voiceId,
          refText: body.refText,
          speechSpeed: Number(body.speechSpeed),
        };
        await tryVoice(caller, { ...row, ...next });
        alive();
        return one(caller, await repo.updateAvatar(row.id, { ...next, updatedAt: now() }));
      });
    },

    async duplicate(caller: Caller, body: { avatarId: string; voiceId: string }): Promise<Avatar> {
      const row = await repo.avatar(caller.organizationId, body.avatarId);
      if (!row) throw notFound(M.avatarNotFound);
      await checkVoice(caller, body.voiceId);
      return within(timeouts.avatarDuplicate, async (alive) => {
        const { id: _id, createdAt: _c, updatedAt: _u, isDefault: _d, image, ...rest } = row;
        let copied = null;
        if (image) {
          // The copy owns its picture: deleting either avatar leaves the other's intact.
          const from = await resolveStore(image.key.split('/')[0] ?? '', image.provider);
          const bytes = await toBuffer(await from.get(image.key));
          const to = await resolveStore(caller.organizationId);
          const id = randomUUID();
          const key = `${caller.organizationId}/avatars/${id}.webp`;
          await to.put(key, bytes, image.contentType);
          copied = { id, provider: to.provider, key, contentType: image.contentType };
        }
        alive();
        const copy = await repo.insertAvatar({
          ...rest,
          name: `${row.name} (copy)`,
          voiceId: body.voiceId,
          image: copied,
          organizationId: crossesOrganisations(caller) ? null : caller.organizationId,
          createdAt: now(),
          updatedAt: now(),
        });
        return one(caller, copy);
      });
    },

    async update(
      caller: Caller,
      body: { avatarId: string } & Partial<AvatarDraftBody>,
    ): Promise<Avatar> {
      return within(timeouts.avatarUpdate, async (alive) => {
        const row = await changeable(caller, body.avatarId);
        await checkVoice(caller, body.voiceId);
        const { avatarId: _a, ...fields } = body;
        alive();
        const updated = await repo.updateAvatar(row.id, { ...columnsOf(fields), updatedAt: now() });
        return one(caller, updated);
      });
    },

    async setDefault(caller: Caller, id: string): Promise<Avatar> {
      const row = await repo.avatar(caller.organizationId, id);
      if (!row) throw notFound(M.avatarNotFound);
      if (row.organizationId === null && crossesOrganisations(caller)) {
        await repo.setLibraryDefault('avatar', row.id);
      } else {
        await repo.chooseDefault(caller.organizationId, 'avatar', row.id);
      }
      return one(caller, row);
    },

    async remove(caller: Caller, id: string): Promise<{ message: string }> {
      const row = await changeable(caller, id);
      await repo.deleteAvatar(row.id);
      await discardImage(row);
      return { message: M.avatarDeleted };
    },

    async speak(caller: Caller, avatarId: string, text: string): Promise<SpeechClip> {
      const row = await repo.avatar(caller.organizationId, avatarId);
      if (!row) throw notFound(M.avatarNotFound);
      return say(caller, row, text);
    },
  };

  async function discardImage(row: AvatarRow): Promise<void> {
    if (!row.image) return;
    const store = await resolveStore(row.image.key.split('/')[0] ?? '', row.image.provider);
    await store.delete(row.image.key).catch(() => undefined);
  }
}
export type AvatarsService = ReturnType<typeof createAvatarsService>;
