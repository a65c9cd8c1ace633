import type {
  Evidence,
  JobCompetency,
  Recommendation,
  SaveScorecardBody,
  Scorecard,
} from '@parley/contracts';

/** One competency in the interviewer's form. */
export interface RatingDraft {
  rating: number | null;
  discussed: boolean;
  notes: string;
  evidence: Evidence[];
}

export interface ScorecardForm {
  ratings: Record<string, RatingDraft>;
  recommendation: Recommendation | null;
}

const blank = (): RatingDraft => ({ rating: null, discussed: true, notes: '', evidence: [] });

/** The form for a kit, filled from a scorecard (the caller's own, or Zai's draft to start from). */
export function formOf(
  kit: readonly JobCompetency[],
  card: Scorecard | null,
  recommendation: Recommendation | null = card?.recommendation ?? null,
): ScorecardForm {
  const ratings: Record<string, RatingDraft> = {};
  for (const c of kit) {
    const r = card?.ratings.find((x) => x.competency === c.name);
    ratings[c.name] = r
      ? { rating: r.rating, discussed: r.discussed, notes: r.notes, evidence: r.evidence }
      : blank();
  }
  return { ratings, recommendation };
}

export function bodyOf(kit: readonly JobCompetency[], form: ScorecardForm): SaveScorecardBody {
  return {
    ratings: kit.map((c) => {
      const r = form.ratings[c.name] ?? blank();
      return {
        competency: c.name,
        rating: r.discussed ? r.rating : null,
        discussed: r.discussed,
        notes: r.notes.trim(),
        evidence: r.evidence,
      };
    }),
    recommendation: form.recommendation,
  };
}

/** What still keeps the form from being submitted, or null when it is complete. */
export function missingForSubmit(
  kit: readonly JobCompetency[],
  form: ScorecardForm,
): string | null {
  const open = kit.filter((c) => {
    const r = form.ratings[c.name];
    return !r || (r.discussed && r.rating === null);
  });
  if (open.length > 0) {
    return `Rate or mark as not discussed: ${open.map((c) => c.name).join(', ')}.`;
  }
  if (!form.recommendation) return 'Choose an overall recommendation.';
  return null;
}
