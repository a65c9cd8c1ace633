import {
  API_PREFIX,
  PARTICIPANT_MESSAGES as P,
  biometricsRoutes,
  registerPath,
  registrationResultSchema,
  type RegistrationResult,
} from '@parley/contracts';
import { api } from '../../lib/api';

/** Whether the invitation link is open, and its registration status (no sign-in). */
export const checkInvitation = (organizationId: string, token: string, signal?: AbortSignal) =>
  api(biometricsRoutes.check, { params: { organizationId, token }, signal, toast: false });

/**
 * Uploads the registration clip as the spec's multipart form (id, file named as an mp4, isHr,
 * applicantId) with upload progress, which fetch cannot report.
 */
export function uploadRegistration(
  orgId: string,
  token: string,
  clip: Blob,
  opts: { isHr?: boolean; applicantId?: string; onProgress(fraction: number): void },
): Promise<RegistrationResult> {
  const form = new FormData();
  form.append('id', token);
  form.append('isHr', String(opts.isHr ?? false));
  if (opts.applicantId) form.append('applicantId', opts.applicantId);
  form.append('file', clip, 'registration.mp4');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}${registerPath(orgId)}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { message?: string } | null;
      if (xhr.status === 200) {
        const parsed = registrationResultSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new Error(P.saveFailed));
      } else reject(new Error(body?.message ?? P.saveFailed));
    };
    xhr.onerror = () => reject(new Error(P.saveFailed));
    xhr.send(form);
  });
}

/** A MediaRecorder type this browser supports, preferring WebM with VP8 and Opus. */
export function recorderType(): string {
  const types = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];
  return (
    types.find((t) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(t)) ??
    ''
  );
}
