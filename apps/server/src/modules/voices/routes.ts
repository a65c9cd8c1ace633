import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  AVATAR_IMAGE,
  AVATAR_MESSAGES as M,
  VOICE_SAMPLE,
  avatarRoutes as a,
  createVoiceFields,
  voiceRoutes as v,
} from '@parley/contracts';
import { AppError, badRequest } from '../../platform/errors.js';
import { readMultipart } from '../../platform/http/multipart.js';
import { registerRoute } from '../../platform/http/route.js';
import type { AvatarsService } from './avatars-service.js';
import type { VoiceSample, VoicesService } from './voices-service.js';

interface Form {
  fields: Record<string, string>;
  file: { bytes: Buffer; contentType: string } | null;
}

/** Text fields and at most one file (field `file`) of a multipart form. */
async function readForm(request: FastifyRequest, tooLarge: string): Promise<Form> {
  return readMultipart(
    async () => {
      const fields: Record<string, string> = {};
      let file: Form['file'] = null;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname === 'file' && !file) {
            file = { bytes: await part.toBuffer(), contentType: part.mimetype };
          } else part.file.resume();
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      return { fields, file };
    },
    {
      tooLarge: () => new AppError(413, tooLarge),
      notMultipart: () => badRequest('Send the form as multipart/form-data'),
    },
  );
}

function sampleOf(file: Form['file']): VoiceSample | null {
  if (!file || file.bytes.length === 0) return null;
  const type = file.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(VOICE_SAMPLE.types as readonly string[]).includes(type)) throw badRequest(M.sampleType);
  return { bytes: file.bytes, contentType: type };
}

export async function registerVoiceRoutes(
  app: FastifyInstance,
  voices: VoicesService,
  avatars: AvatarsService,
): Promise<void> {
  registerRoute(app, v.list, ({ auth }) => voices.list(auth));
  registerRoute(app, v.setDefault, ({ auth, params }) => voices.setDefault(auth, params.id));
  registerRoute(app, v.remove, ({ auth, params }) => voices.remove(auth, params.id));
  registerRoute(app, v.preview, ({ auth, params }) => voices.preview(auth, params.id));

  registerRoute(app, a.list, ({ auth }) => avatars.list(auth));
  registerRoute(app, a.get, ({ auth, params }) => avatars.get(auth, params.id));
  registerRoute(app, a.remove, ({ auth, params }) => avatars.remove(auth, params.id));
  registerRoute(app, a.setDefault, ({ auth, params }) => avatars.setDefault(auth, params.id));
  registerRoute(app, a.createDraft, ({ auth, body }) => avatars.createDraft(auth, body));
  registerRoute(app, a.finalise, ({ auth, params }) => avatars.finalise(auth, params.id));
  registerRoute(app, a.regenerate, ({ auth, body }) => avatars.regenerate(auth, body));
  registerRoute(app, a.duplicate, ({ auth, body }) => avatars.duplicate(auth, body));
  registerRoute(app, a.update, ({ auth, body }) => avatars.update(auth, body));
  registerRoute(app, a.speak, ({ auth, body }) => avatars.speak(auth, body.avatarId, body.text));

  // The two upload routes parse multipart, each with the limit of what it takes.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: VOICE_SAMPLE.maxBytes, files: 1, fields: 12, fieldSize: 4096, parts: 14 },
    });
    registerRoute(scope, v.create, async ({ auth, request }) => {
      const form = await readForm(request, M.sampleTooLarge);
      const parsed = createVoiceFields.safeParse(form.fields);
      if (!parsed.success) {
        throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid data format');
      }
      return voices.create(auth, parsed.data, sampleOf(form.file));
    });
  });
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: AVATAR_IMAGE.maxBytes, files: 1, fields: 3, fieldSize: 256, parts: 4 },
    });
    registerRoute(scope, a.createImage, async ({ auth, request }) => {
      const form = await readForm(request, M.imageTooLarge);
      const avatarId = form.fields.avatarId ?? '';
      if (form.file && form.file.bytes.length > 0) {
        return avatars.setImage(auth, avatarId, { bytes: form.file.bytes });
      }
      if (form.fields.portrait) {
        return avatars.setImage(auth, avatarId, { portrait: form.fields.portrait });
      }
      throw badRequest(M.noImage);
    });
  });
}
