// Resolution settings for dependency-cruiser (.dependency-cruiser.cjs), in the shape of a
// webpack configuration: 'latchkey' and 'latchkey/…' resolve to this repository's sources,
// as they do for esbuild, jest and TypeScript.
const { latchkeySources } = require('./source-resolution.cjs');

module.exports = {
  resolve: {
    alias: Object.fromEntries([...latchkeySources()].map(([name, file]) => [`${name}$`, file])),
  },
};
