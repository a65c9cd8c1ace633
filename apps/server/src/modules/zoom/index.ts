// The Zoom module's face: other modules import only this file.
export { createZoomModule, type ZoomModule, type ZoomNeeds } from './module.js';
export { zoomImportJob } from './jobs.js';
export { zoomSignature } from './signature.js';
