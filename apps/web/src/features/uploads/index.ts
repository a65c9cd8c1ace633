// The uploads feature's face: the upload dialog (chunked, resumable upload of a recording).
export { UploadDialog } from './UploadDialog';
