/** An ILIKE pattern matching text that contains `search` literally (% and _ escaped). */
export function containsPattern(search: string | undefined): string | undefined {
  return search ? `%${search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
}
