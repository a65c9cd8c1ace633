// vader-sentiment ships no types; this covers the one call we use.
declare module 'vader-sentiment' {
  export interface PolarityScores {
    neg: number;
    neu: number;
    pos: number;
    /** Normalised sum of valences, −1 (most negative) … 1 (most positive). */
    compound: number;
  }
  const vader: {
    SentimentIntensityAnalyzer: { polarity_scores(text: string): PolarityScores };
  };
  export default vader;
}
