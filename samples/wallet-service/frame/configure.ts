/**
 * The frame's start: its storage and device key (WebCrypto, so a secure context only), its client of
 * the service naming this app, and the service's verdict on the app's origins (/v1/frame/init: the
 * allowlist, every ancestor checked) with the chains it serves and the operator's approval mode.
 * What fails becomes the configuration error every request is answered with.
 */
import type { Ancestors } from './ancestors';
import { ApiError, ServiceApi } from './api';
import { createDeviceKey, deviceKeyFrom } from './device';
import { message } from './errors';
import type { ChainInfo, InitAnswer } from './frame-types';
import { ORIGIN_NOT_ALLOWED_MESSAGE } from 'latchkey/plugins/embedded-wallet/protocol';
import { openStore, type FrameStore } from './store';

const INSECURE_CONTEXT_MESSAGE = 'The wallet needs a secure context: open this app over https';

export async function configure(ancestors: Ancestors, projectId: string) {
  const parentOrigin = ancestors.parent;

  const { store } = await openStore();
  // ---- configuration (allowlist) -------------------------------------------------------------------
  let configError: string | null = null;
  // The device key needs WebCrypto, which a frame has only in a secure context: its page and every
  // ancestor https (or loopback). Without it the frame still signals READY and answers every request
  // with the reason, so the app shows it instead of waiting.
  const device = await loadDevice(store).catch(() => undefined);
  if (!device) configError = window.isSecureContext ? 'The wallet cannot create its device key in this browser' : INSECURE_CONTEXT_MESSAGE;
  const api = new ServiceApi({ baseUrl: location.origin, device: device! });
  // every call names this frame's app: the service accepts a session only for the app it was issued to
  api.app = { projectId, origin: parentOrigin };
  // one stored session per app (two origins of one project may share this frame's storage)
  const sessionKey = `session:${projectId}|${parentOrigin}`;

  let chains: readonly ChainInfo[] = [];
  let operatorMode: string | undefined;
  let smartAccountChains: readonly number[] = [];
  if (!configError) {
    try {
      // a nested frame whose other ancestors the browser does not tell (Firefox) is refused like a foreign one
      if (!ancestors.above) throw new ApiError(403, 'origin_not_allowed', ORIGIN_NOT_ALLOWED_MESSAGE);
      const init = await api.call<InitAnswer>('/v1/frame/init', { projectId, origin: parentOrigin, ancestors: ancestors.above });
      api.clockOffset = init.serverTime - Math.floor(Date.now() / 1000);
      chains = init.chains;
      operatorMode = init.approvalMode;
      smartAccountChains = init.smartAccountEnabledNetworks ?? [];
    } catch (err) {
      configError = err instanceof ApiError && err.status === 403 ? err.message : `The wallet service is unavailable: ${message(err)}`;
    }
  }
  if (!projectId) configError = 'Unauthorized: invalid key';
  return { store, api, sessionKey, configError, chains, operatorMode, smartAccountChains };
}

async function loadDevice(store: FrameStore) {
  const saved = await store.get<{ privateKey: CryptoKey; publicKey: CryptoKey }>('device').catch(() => undefined);
  if (saved?.privateKey && saved.publicKey) {
    try {
      return await deviceKeyFrom(saved);
    } catch {
      /* unreadable: make a new one */
    }
  }
  const pair = await createDeviceKey();
  await store.set('device', pair).catch(() => undefined);
  return deviceKeyFrom(pair);
}
