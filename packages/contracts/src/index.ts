export * from './games.js';
export * from './permissions.js';
export * from './roles.js';
