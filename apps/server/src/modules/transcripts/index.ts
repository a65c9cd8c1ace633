// The transcripts module's face: other modules import only this file.
export {
  createTranscriptsModule,
  type TranscriptsModule,
  type TranscriptsNeeds,
} from './module.js';
export type { TranscriptsService } from './service.js';
export { analyticsOf, dialogueBlocks, type TranscriptData } from './view.js';
export type { PassageLine } from './lines.js';
