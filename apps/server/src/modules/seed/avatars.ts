import { isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { avatars, voices } from '../../platform/db/schema.js';

/**
 * The shared library a fresh install starts with (issue 19): two espeak-ng voices and the three
 * illustrated portraits as ready avatars, Ava and Ada the defaults. Only on a first start: what
 * the super admin deletes stays deleted.
 */
export async function seedAvatarLibrary(db: Db): Promise<void> {
  const [anyVoice] = await db
    .select({ id: voices.id })
    .from(voices)
    .where(isNull(voices.organizationId))
    .limit(1);
  if (anyVoice) return;
  const [ava, sam] = await db
    .insert(voices)
    .values([
      {
        name: 'Ava',
        refText: 'Hello, thank you for joining. Shall we begin with a short introduction?',
        gender: 'female',
        tone: 'conversational',
        language: 'en',
        isDefault: true,
      },
      {
        name: 'Sam',
        refText: 'Good morning. Let us start with your most recent role.',
        gender: 'male',
        tone: 'formal',
        language: 'en',
      },
    ])
    .returning();
  if (!ava || !sam) return;
  const [anyAvatar] = await db
    .select({ id: avatars.id })
    .from(avatars)
    .where(isNull(avatars.organizationId))
    .limit(1);
  if (anyAvatar) return;
  const greeting = (name: string) => `Hello, I am ${name}. I will be your interviewer today.`;
  await db.insert(avatars).values([
    {
      name: 'Ada',
      gender: 'female',
      voiceId: ava.id,
      portrait: 'builtin:ada',
      status: 'ready',
      startPhrase: greeting('Ada'),
      isDefault: true,
    },
    {
      name: 'Ben',
      gender: 'male',
      voiceId: sam.id,
      portrait: 'builtin:ben',
      status: 'ready',
      startPhrase: greeting('Ben'),
    },
    {
      name: 'Chloe',
      gender: 'female',
      voiceId: ava.id,
      portrait: 'builtin:chloe',
      status: 'ready',
      startPhrase: greeting('Chloe'),
      speechSpeed: 1.1,
    },
  ]);
}
