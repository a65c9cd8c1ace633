// The search feature's face: other features and app/ import only this file.
export { TranscriptSearchBox } from './SearchBox';
export { momentPath } from './moment';
export { useTranscriptSearch, searchKeys } from './api';
