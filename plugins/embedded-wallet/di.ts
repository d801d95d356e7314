/**
 * The embedded wallet's DI token and ids, declared once. The `email` and `socials` manifests
 * (./shared) and the lazily loaded code import them through ./types, which declares the service's
 * interface under the token's name. The build puts this file in the entry's core chunk
 * with the kernel's files (scripts/build/chunking.mjs, docs/chunks.md), so sharing it adds no
 * chunk; `@__PURE__` lets a host's bundler drop the token when the host registers neither plugin.
 */

/** The AUTH connector both plugins share (docs/connection.md#connectors: connector type AUTH, on eip155). */
export const EMBEDDED_WALLET_CONNECTOR_ID = 'ID_AUTH';
/** Storage scope both plugins share (the login cache of docs/embedded-wallet.md#login-cache). */
export const EMBEDDED_WALLET_SCOPE = 'embedded-wallet';

/** The service, bound once by whichever of the two plugins loads first. */
export const EmbeddedWallet = /* @__PURE__ */ Symbol.for('latchkey.embedded-wallet.EmbeddedWallet');
