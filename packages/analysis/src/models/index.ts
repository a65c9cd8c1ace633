export { CATALOGUE, findModel, modelUrl } from './catalogue.js';
export type { CatalogueModel, ModelKind } from './catalogue.js';
export {
  bestWhisperModel,
  installedModels,
  modelsDir,
  speakerEmbeddingModelPath,
} from './locate.js';
export type { InstalledModel } from './locate.js';
export {
  checkSpeakerModel,
  configuredSpeakerEmbedder,
  loadSpeakerEmbedder,
  SpeakerModelError,
} from './speaker-embedding.js';
export type { LoadedSpeakerEmbedder } from './speaker-embedding.js';
