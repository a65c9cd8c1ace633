import type { MockLevel } from '@parley/contracts';
import type { BankEntry } from './question-bank.js';
import { ENGINEERING_QUESTIONS } from './question-bank-engineering.js';
import { PRODUCT_QUESTIONS } from './question-bank-product.js';

/** The seeded roles' questions by level (see question-bank.ts for how they are written). */
// In the seeded roles' order (spec 3 §3), one file per role family.
export const QUESTION_BANK: Record<string, Record<MockLevel, readonly BankEntry[]>> = {
  'Software engineer': ENGINEERING_QUESTIONS['Software engineer']!,
  'Product manager': PRODUCT_QUESTIONS['Product manager']!,
  'Data scientist': ENGINEERING_QUESTIONS['Data scientist']!,
  'Ux designer': PRODUCT_QUESTIONS['Ux designer']!,
  'Devops engineer': ENGINEERING_QUESTIONS['Devops engineer']!,
};
