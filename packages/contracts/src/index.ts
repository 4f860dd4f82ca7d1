export * from './api/auth.js';
export * from './api/common.js';
export * from './api/draws.js';
export * from './api/network.js';
export * from './api/transfers.js';
export * from './games.js';
export * from './permissions.js';
export * from './roles.js';
