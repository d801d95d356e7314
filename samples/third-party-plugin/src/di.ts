/**
 * The plugin's DI token, declared once (the skeleton of latchkey's plugins/README.md): the manifest
 * (./index) and the lazily loaded code import it through ./types, which declares the service's
 * interface under the same name.
 */

/** The GasOracle service, bound when the plugin's module loads. */
export const GasOracle = /* @__PURE__ */ Symbol('GasOracle');
