import { isEmbeddingVoiceTemplate, isVoiceTemplate, type FaceTemplate } from '@parley/analysis';
import type { SecretBox } from '../../platform/secrets.js';
import { isFaceTemplate, type AnyVoiceTemplate } from './engine.js';
import type { ParticipantRow, ParticipantsRepo, TemplateKind } from './repo.js';

/** What a sealed template is bound to: its organisation, participant and kind. */
export const sealContext = (
  row: Pick<ParticipantRow, 'organizationId' | 'id'>,
  kind: TemplateKind,
) => `biometric:${row.organizationId}:${row.id}:${kind}`;

/** The participant's templates, opened; null for a kind they have not registered. */
export async function openTemplates(
  repo: ParticipantsRepo,
  secrets: SecretBox,
  row: ParticipantRow,
): Promise<{ face: FaceTemplate | null; voice: AnyVoiceTemplate | null }> {
  let face: FaceTemplate | null = null;
  let voice: AnyVoiceTemplate | null = null;
  for (const t of await repo.templates(row.id)) {
    const value = secrets.open(t.sealed, sealContext(row, t.kind as TemplateKind));
    if (t.kind === 'face' && isFaceTemplate(value)) face = value;
    if (t.kind === 'voice' && (isVoiceTemplate(value) || isEmbeddingVoiceTemplate(value)))
      voice = value;
  }
  return { face, voice };
}
