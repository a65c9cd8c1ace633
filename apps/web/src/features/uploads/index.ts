// The uploads feature's face: the upload dialog (chunked, resumable upload of a recording).
export { UploadDialog } from './UploadDialog';
// For other features' uploads of a video (coaching): the drop zone, the chunked upload with its
// states, the progress and result views.
export { DropZone } from './DropZone';
export { useUploadProvider } from './api';
export { useUpload } from './use-upload';
export { UploadProgress } from './UploadProgress';
export { UploadResult } from './UploadResult';
