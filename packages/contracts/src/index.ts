export * from './route.js';
export * from './roles.js';
export * from './features.js';
export * from './errors.js';
export * from './auth.js';
export * from './messages.js';
