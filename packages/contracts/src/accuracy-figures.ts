// The published figures are data: accuracy-figures.json, written by `npm run accuracy -- --write`
// (packages/analysis/src/accuracy/run.ts) and never edited by hand. Here they are checked
// against the contract once, when the module loads, so a stale or hand-broken file fails loudly.
import figures from './accuracy-figures.json' with { type: 'json' };
import { accuracyReportSchema, type AccuracyReport } from './accuracy.js';

export const ACCURACY_REPORT: AccuracyReport = accuracyReportSchema.parse(figures);
