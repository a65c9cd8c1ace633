/**
 * Where the web build serves the face detector's model and runtime files. They are copied
 * from node_modules by apps/web/build/face-detector-assets.ts (and served from there by the
 * dev server), so the camera step loads nothing from a CDN.
 */
export const FACE_DETECTOR_PATH = '/face-detector/';

/** Human's BlazeFace model: the short-range detector, nothing else of its 28 MB of models. */
export const FACE_DETECTOR_MODEL = 'blazeface.json';
