// What `resize-observer-polyfill` becomes in every app (rspack.config.base.ts, resolve.alias):
// Arco imports the polyfill (2.5 KB gzip, on the login page) for browsers without
// ResizeObserver, and every browser the console targets (the swc `env.targets` there) has it.
export default globalThis.ResizeObserver;
