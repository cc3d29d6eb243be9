// The whole database schema, one file per module; drizzle-kit reads this folder.
export * from './identity.js';
export * from './tenants.js';
