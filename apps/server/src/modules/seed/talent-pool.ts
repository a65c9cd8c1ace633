import { inArray } from 'drizzle-orm';
import { MOCK_LEVELS, TALENT_POOL_DEFAULTS } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { talentCompanies, talentQuestions, talentRoles } from '../../platform/db/schema.js';
import { QUESTION_BANK } from '../talent-pool/index.js';

/**
 * The talent pool's defaults (spec 3 §3): the companies and roles, on a first start only (one
 * the super admin deleted stays deleted), and the question bank of every seeded role that
 * still exists, adding questions a newer release wrote.
 */
export async function seedTalentPool(db: Db): Promise<void> {
  const [anyCompany] = await db.select({ id: talentCompanies.id }).from(talentCompanies).limit(1);
  if (!anyCompany) {
    await db
      .insert(talentCompanies)
      .values(TALENT_POOL_DEFAULTS.companies.map((name) => ({ name })))
      .onConflictDoNothing();
  }
  const [anyRole] = await db.select({ id: talentRoles.id }).from(talentRoles).limit(1);
  if (!anyRole) {
    await db
      .insert(talentRoles)
      .values(TALENT_POOL_DEFAULTS.roles.map((name) => ({ name })))
      .onConflictDoNothing();
  }
  const roles = await db
    .select({ id: talentRoles.id, name: talentRoles.name })
    .from(talentRoles)
    .where(inArray(talentRoles.name, Object.keys(QUESTION_BANK)));
  for (const role of roles) {
    const bank = QUESTION_BANK[role.name];
    if (!bank) continue;
    const rows = MOCK_LEVELS.flatMap((level) =>
      bank[level].map(([text, topic, keywords]) => ({
        roleId: role.id,
        level,
        text,
        topic,
        keywords: [...keywords],
      })),
    );
    await db.insert(talentQuestions).values(rows).onConflictDoNothing();
  }
}
