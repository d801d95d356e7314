/**
 * The app's kernel: the stack's EVM chains, browser wallets, WalletConnect through the stack's
 * relay, and the embedded wallet (e-mail and social logins) of the stack's wallet service.
 * Created once per page in the browser, and once per request on the server (providers.tsx), so
 * no visitor's state is shared on the server.
 */
import { cookieStorage, createKernel, defineNetwork } from 'latchkey';
import { evmPlugin } from 'latchkey/plugins/evm';
import { walletConnectPlugin } from 'latchkey/plugins/walletconnect';
import { emailPlugin } from 'latchkey/plugins/email';
import { socialsPlugin } from 'latchkey/plugins/socials';
import type { AppConfig } from './stack';

/** 'cookie': the connection is kept in a cookie, so the server renders it; 'local': in localStorage (the default). */
export type StorageMode = 'cookie' | 'local';

export function createAppKernel(config: AppConfig, storage: StorageMode) {
  const networks = config.chains.map((c) =>
    defineNetwork({
      id: c.chainId,
      name: c.name,
      chainNamespace: 'eip155',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [c.rpcUrl] } },
      testnet: true,
    }),
  );
  return createKernel({
    options: {
      // the stack's wallet service allows this project id on this app's origin
      projectId: 'latchkey-demo',
      networks,
      features: { analytics: false },
      ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
      ...(config.walletServiceUrl ? { walletServiceUrl: config.walletServiceUrl } : {}),
      ...(config.dataServiceUrl ? { blockchainApiUrl: config.dataServiceUrl } : {}),
    },
    plugins: [
      evmPlugin(),
      walletConnectPlugin(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
      ...(config.walletServiceUrl ? [emailPlugin(), socialsPlugin()] : []),
    ],
    ...(storage === 'cookie' ? { storage: cookieStorage() } : {}),
  });
}
