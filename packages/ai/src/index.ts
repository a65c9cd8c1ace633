export type * from './types.js';
export * from './models.js';
