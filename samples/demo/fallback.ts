/**
 * Served instead of main.tsx when the demo does not build: installs the dev
 * wallets so they can still be tried, and shows why the demo is missing.
 */
import { installDevWallet } from '../dev-wallet/index';
import { installStandardDevWallets } from '../dev-wallet/wallets';
import { DEV_WALLET_CHAIN_ID, loadConfig } from './config';

async function main() {
  const root = document.getElementById('root')!;
  const config = await loadConfig();
  const chain = config.chains.find((c) => c.chainId === DEV_WALLET_CHAIN_ID) ?? config.chains[0]!;
  const wallet = installDevWallet({ chains: [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl, name: chain.name }] });
  installStandardDevWallets({ solana: config.solana });

  const h1 = document.createElement('h1');
  h1.textContent = 'The Latchkey demo did not build';
  const p = document.createElement('p');
  p.textContent = `Dev wallet installed: ${wallet.info.name} (${wallet.info.rdns}) on chain ${wallet.chainId}.`;
  p.setAttribute('data-testid', 'dev-wallet-status');
  const pre = document.createElement('pre');
  pre.setAttribute('data-testid', 'build-errors');
  pre.textContent = (config.buildErrors ?? []).join('\n');
  const main = document.createElement('main');
  main.append(h1, p, pre);
  root.append(main);
}

main().catch((err) => {
  document.body.textContent = `Demo failed to start: ${err?.message ?? err}`;
});
