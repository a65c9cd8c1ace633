// The analysis feature's face: the offline analysis (status, start, re-analyze), its results
// (transcription, diarization, speaker turns) and speaker names. The conversation analytics
// charts are not exported: the meeting page loads them with import() so the charting library
// stays out of its first chunk.
export {
  ZAI_FEATURE,
  analysisKeys,
  useHasZai,
  useReanalyze,
  useStartAnalysis,
  useTranscription,
} from './api';
export { useAnalysisStatus, type AnalysisStatusOptions } from './use-analysis-status';
export { useSpeakerTurns } from './use-speaker-turns';
export { NameSpeakersDialog } from './NameSpeakersDialog';
