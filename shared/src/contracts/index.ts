export * from './envelope';
export * from './errors';
export * from './locale';
export * from './permissions';
export * from './system-config';
export * from './auth';
