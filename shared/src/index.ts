// Framework-free entry: contracts usable by the server and every app.
export * from './contracts';
export * from './time';
