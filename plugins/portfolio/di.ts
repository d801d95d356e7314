/**
 * The portfolio plugin's DI token, declared once. The manifest (./index) and the lazily loaded
 * code import it through ./types, which declares the service's interface under the same name. The
 * build puts this file in the entry's core chunk with the kernel's files
 * (scripts/build/chunking.mjs, docs/chunks.md), so sharing it adds no chunk; `@__PURE__` lets a
 * host's bundler drop a token whose plugin the host does not register.
 */

/** Balances and NFTs of the connected account on the active network. */
export const Portfolio = /* @__PURE__ */ Symbol.for('latchkey.portfolio.Portfolio');
