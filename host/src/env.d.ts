declare module '*.css';
declare module '*.less';
