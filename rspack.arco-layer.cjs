// Loader (rspack.config.base.ts): puts Arco's CSS in the `arco` cascade layer. Arco's styles come
// per component, in chunks that may load after an app's own CSS; unlayered app styles (the
// layout, pages) must still override Arco's as they did when Arco's whole CSS was imported first.
module.exports = function arcoCssLayer(source) {
  return `@layer arco {\n${source}\n}\n`;
};
