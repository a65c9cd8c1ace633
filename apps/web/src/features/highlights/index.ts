// The highlights feature's face: saved moments of a meeting, made from a transcript selection,
// listed on the meeting page and drawn on the player's seek bar.
export { HighlightDialog, type HighlightDraft } from './HighlightDialog';
export { HighlightsPanel } from './HighlightsPanel';
export { useHighlightsOnPage } from './use-highlights-on-page';
