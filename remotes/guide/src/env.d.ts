/** `<package version>+<build id>`, set by rspack.config.base.ts. */
declare const __SECTION_VERSION__: string;
