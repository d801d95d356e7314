/**
 * latchkey/element: Latchkey without a framework. `createLatchkey({ options, plugins })` creates
 * the kernel and mounts the modal; <latchkey-button> and <latchkey-network-button> are the
 * connect / account and network buttons (React runs inside them; the page needs none).
 * Safe to import on a server: nothing here touches the DOM or the custom-element registry at
 * import time. The CDN file dist/cdn/element.js bundles React.
 */
export { createLatchkey, type CreateLatchkeyParameters, type Latchkey } from './createLatchkey';
export {
  defineLatchkeyElements,
  BUTTON_TAG,
  NETWORK_BUTTON_TAG,
  type LatchkeyAccountDetail,
  type LatchkeyAccountSnapshot,
  type LatchkeyButtonElement,
  type LatchkeyNetworkButtonElement,
  type LatchkeyTheme,
} from './elements';
export { defineNetwork } from '../../kernel/index';
export type { CaipNetwork, ChainNamespace, LatchkeyOptions, PluginManifest, Kernel } from '../../kernel/index';
