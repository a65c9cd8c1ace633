// The locations module's face: other modules import only this file.
export { createLocationsModule } from './module.js';
export type { LocationsService } from './service.js';
export { packagedLocations, type LocationDataset } from './dataset.js';
