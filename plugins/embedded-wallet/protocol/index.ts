/**
 * The embedded wallet's page ↔ frame protocol, in one module for both sides:
 * `latchkey/plugins/embedded-wallet/protocol`. It is AppKit's frame protocol
 * (`@reown/appkit-wallet`'s W3mFrameSchema): page → frame messages are
 * `{ id?, type: '@w3m-app/…', payload? }`, frame → page messages `{ id?, type: '@w3m-frame/…', payload? }`,
 * and a reply carries the request's id. samples/wallet-service/PROTOCOL.md documents every message.
 *
 * - names.ts: prefixes, request list, AppKit's RPC method lists, error texts, size bounds, builders;
 * - appEvents.ts: page → frame payload schemas and the frame's parser (`parseAppMessage`);
 * - frameEvents.ts: frame → page payload schemas and the page's parser (`parseFrameMessage`);
 * - email.ts: the page's e-mail check (`emailError`), the frame's rule without zod.
 *
 * Why here, with the plugin, and not in the kernel: this is the embedded wallet's contract with its
 * wallet service, not something every host needs; the kernel names no plugin's wire format, and the
 * page side is used only by the plugin's lazily loaded code. Why a package entry: the sample wallet
 * service's frame (samples/wallet-service/frame, bundled with the `source` condition) or a wallet
 * service of someone else's (from dist/) imports it by this name.
 *
 * Size: the plugin's manifests (email.ts, socials.ts) do not import this. The plugin's module and views,
 * which load when the Connect view shows the e-mail field, import the zod-free files themselves
 * (names.ts, email.ts: `../protocol/…`), and the frame client imports frameEvents.ts when it creates the
 * first frame (frame/inbox.ts): a bundler follows every file an entry re-exports, so importing this entry
 * would bring zod and both directions' schemas to the open of the modal. The frame page uses
 * names.ts and appEvents.ts, whose only import is `zod/mini`; frameEvents.ts and email.ts import the
 * kernel's zod 3 messages from `latchkey` and are dropped from the frame's bundle, as the package has
 * no side effects.
 */
export * from './names';
export { PAYLOADS, parseAppMessage, type AppEvent, type AppPayloadOf, type ParsedAppMessage } from './appEvents';
export { emailError } from './email';
export { SUCCESS, parseFrameMessage, type FrameMessage, type PayloadOf, type ResultOf } from './frameEvents';
