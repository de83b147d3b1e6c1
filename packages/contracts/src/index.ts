export * from './codes.js';
export * from './limits.js';
export * from './storage-keys.js';
export * from './api-paths.js';
export * from './routes.js';
export * from './envelope.js';
export * from './accounts.js';
