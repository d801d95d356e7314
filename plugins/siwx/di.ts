/**
 * The siwx plugin's DI tokens, declared once. The manifest (./index) and the lazily loaded
 * code import them through ./types, which declares SignIn's interface under the same name. The
 * build puts this file in the entry's core chunk with the kernel's files
 * (scripts/build/chunking.mjs, docs/chunks.md), so sharing it adds no chunk; `@__PURE__` lets a
 * host's bundler drop a token whose plugin the host does not register.
 */

/** The sign-in flow (docs/account-features.md#sign-in-with-a-wallet-message), bound when the plugin's module loads. */
export const SignIn = /* @__PURE__ */ Symbol.for('latchkey.siwx.SignIn');

/** The key under which a provider made by this plugin receives its environment. */
export const SIWX_ATTACH = /* @__PURE__ */ Symbol.for('latchkey.siwx.attach');
