import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PARTICIPANT_MESSAGES as P,
  REGISTER_PATH,
  REGISTRATION_VIDEO,
  biometricsRoutes as r,
  liveInferenceRoutes,
  registrationResultSchema,
} from '@parley/contracts';
import { badRequest } from '../../platform/errors.js';
import { readMultipart } from '../../platform/http/multipart.js';
import { registerRoute } from '../../platform/http/route.js';
import { assertStorableText } from '../../platform/http/input-guard.js';
import { withScratchDir } from '../../platform/media/local-file.js';
import type { LiveVerification } from './live-verify.js';
import type { BiometricsService } from './service.js';

const emailOf = (params: { email: string }) => decodeURIComponent(params.email);
/** The no-sign-in routes: enough for a person retrying, too few to guess tokens. */
const PUBLIC_LIMIT = { max: 30, timeWindow: 60_000 };

/** MP4/QuickTime ('ftyp' at byte 4) or WebM/Matroska (EBML magic): what a camera records. */
async function looksLikeVideo(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    await handle.read(head, 0, 12, 0);
    return head.subarray(4, 8).toString('latin1') === 'ftyp' || head.readUInt32BE(0) === 0x1a45dfa3;
  } finally {
    await handle.close();
  }
}

interface RegistrationForm {
  id?: string;
  isHr?: string;
  applicantId?: string;
  file?: string;
  mimeType?: string;
}

/** Reads the form (id, file, isHr, applicantId in any order), the file into `dir`. */
async function readForm(request: FastifyRequest, dir: string): Promise<RegistrationForm> {
  const form: RegistrationForm = {};
  await readMultipart(
    async () => {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (form.file) throw badRequest(P.badFile);
          form.file = path.join(dir, 'registration');
          form.mimeType = part.mimetype;
          await pipeline(part.file, createWriteStream(form.file));
          if (part.file.truncated) throw badRequest(P.tooLarge);
        } else if (['id', 'isHr', 'applicantId'].includes(part.fieldname)) {
          form[part.fieldname as 'id' | 'isHr' | 'applicantId'] = String(part.value);
        }
      }
    },
    { tooLarge: () => badRequest(P.tooLarge), notMultipart: () => badRequest(P.badFile) },
  );
  return form;
}

export async function registerBiometricsRoutes(
  app: FastifyInstance,
  svc: BiometricsService,
  live: LiveVerification,
) {
  registerRoute(app, liveInferenceRoutes.verifyBiometrics, ({ auth, body }) =>
    live.verify(auth, body),
  );
  registerRoute(app, r.invite, ({ auth, body }) => svc.invite(auth, body));
  registerRoute(app, r.list, ({ auth, query }) => svc.list(auth, query.meetingId));
  registerRoute(app, r.check, ({ params }) => svc.check(params.organizationId, params.token), {
    rateLimit: PUBLIC_LIMIT,
  });
  registerRoute(app, r.get, ({ auth, params }) => svc.get(auth, emailOf(params)));
  registerRoute(app, r.patch, ({ auth, params, body }) => svc.patch(auth, emailOf(params), body));
  registerRoute(app, r.remove, ({ auth, params }) => svc.remove(auth, emailOf(params)));
  registerRoute(app, r.startBiometric, ({ auth, body }) =>
    svc.startBiometric(auth, body.meetingId),
  );
  registerRoute(app, r.verify, ({ auth, body }) => svc.verify(auth, body));
  registerRoute(app, r.data, ({ auth, params }) => svc.data(auth, params.meetingId));
  registerRoute(app, r.status, ({ auth, params }) => svc.biometricStatus(auth, params.meetingId));

  // The registration clip arrives as multipart without sign-in; only this scope parses it.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: REGISTRATION_VIDEO.maxBytes,
        files: 1,
        fields: 3,
        fieldSize: 256,
        parts: 4,
      },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      REGISTER_PATH,
      {
        config: { rateLimit: PUBLIC_LIMIT },
        schema: {
          summary:
            'Register a participant’s face and voice from a short clip (multipart: id, file, isHr, applicantId; no sign-in)',
          tags: ['biometrics'],
          consumes: ['multipart/form-data'],
          params: z.object({ organizationId: z.string() }),
          response: { 200: registrationResultSchema },
        },
      },
      async (request) =>
        withScratchDir(async (dir) => {
          const form = await readForm(request, dir);
          if (!form.id || !form.file) throw badRequest(P.missingFields);
          // Multipart fields skip registerRoute's text rule; the same rule, here.
          assertStorableText(
            { id: form.id, isHr: form.isHr, applicantId: form.applicantId },
            'form',
          );
          const typeOk = (REGISTRATION_VIDEO.mimeTypes as readonly string[]).includes(
            (form.mimeType ?? '').split(';')[0]!.trim(),
          );
          if (!typeOk || !(await looksLikeVideo(form.file))) throw badRequest(P.badFile);
          return svc.register(request.params.organizationId, form.id, form.file, {
            ...(form.isHr !== undefined ? { isHr: form.isHr === 'true' } : {}),
            ...(form.applicantId ? { applicantId: form.applicantId } : {}),
          });
        }),
    );
  });
}
