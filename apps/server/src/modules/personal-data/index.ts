// The personal-data module's face: other modules import only this file.
export { createPersonalDataModule, type PersonalDataNeeds } from './module.js';
export { linksTo } from './repo.js';
