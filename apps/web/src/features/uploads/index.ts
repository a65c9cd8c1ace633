// The uploads feature's face: the upload dialog (chunked, resumable upload of a recording).
export { UploadDialog } from './UploadDialog';
// For other features' uploads of a video (coaching): the chunked upload, its store and timing.
export { DropZone } from './DropZone';
export { uploadFile, UploadCancelledError, UploadError } from './upload';
export { useUploadProvider } from './api';
export { CLOSE_DELAY_MS, RESULT_DELAY_MS } from './use-upload';
