/**
 * The database's tables, one file per module that owns them. Everything imports them from here
 * (`db/schema`), so the Drizzle client's `typeof schema` holds every table.
 */
export * from './platform';
export * from './tenants';
export * from './identity';
export * from './users';
export * from './teams';
export * from './billing';
export * from './videos';
export * from './images';
export * from './clips';
export * from './reels';
export * from './talk';
export * from './live';
export * from './notifications';
export * from './updates';
export * from './recruiting';
export * from './schedule';
export * from './tags';
export * from './drawings';
