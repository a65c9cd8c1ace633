// The dev module's face: other modules import only this file.
export { createDevModule, type DevNeeds } from './module.js';
