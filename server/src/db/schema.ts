// Every table of the console. Each domain keeps its tables in its own module; this file
// gathers them for Drizzle (queries and drizzle-kit migrations).
export * from '../modules/auth/schema';
export * from '../modules/audit/schema';
export * from '../modules/system-config/schema';
export * from '../modules/properties/schema';
export * from '../modules/messages/schema';
export * from '../modules/profile/schema';
export * from '../modules/guide/schema';
export * from '../modules/sections/schema';
export * from '../modules/scenic/schema';
export * from '../modules/team/schema';
export * from '../modules/monitor/schema';
export * from '../modules/allocation/schema';
