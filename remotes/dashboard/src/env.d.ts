/** `<package version>+<build id>`, set by rspack.config.base.ts. */
declare const __SECTION_VERSION__: string;

/** An Arco component's styles, imported with the component when it is loaded on demand. */
declare module '@arco-design/web-react/es/*/style/css.js';
