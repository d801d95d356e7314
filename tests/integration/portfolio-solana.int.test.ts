/**
 * The portfolio plugin on Solana against the real parts: the local Solana chain (samples/solana,
 * litesvm behind a JSON-RPC front, in a child process), the Solana dev wallet (wallet-standard)
 * and the real solana plugin in a kernel. Without a blockchain API the Tokens tab's balances
 * are the chain's: SOL from getBalance in lamports, shown with the network's 9 decimals, and
 * they follow the chain after a transfer (the forced refresh skips the 30 s cache).
 */
import { Connection as SolanaConnection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { createKernel, formatUnits, type CaipNetwork, type Kernel } from 'latchkey';
import { portfolioPlugin, Portfolio } from 'latchkey/plugins/portfolio';
import { solanaConnectorId, solanaPlugin } from 'latchkey/plugins/solana';
import { MemoryStorage } from '../../kernel/testing/fakeAdapter';
import { installSolanaDevWallet, type SolanaDevWallet } from '../../samples/dev-wallet/solana';
import { svgIcon, type WalletHost } from '../../samples/dev-wallet/standard';
import { startSolanaProcess, type SolanaProcess } from '../../samples/solana/testing/solanaProcess';
import { solanaNetwork } from '../../kernel/testing/networks';

jest.setTimeout(30_000);

const WALLET = 'Int Portfolio Wallet';
let chain: SolanaProcess;
let conn: SolanaConnection;
let local: CaipNetwork;
let kernel: Kernel;
let wallet: SolanaDevWallet;

beforeAll(async () => {
  chain = await startSolanaProcess({ slotMs: 50 });
  conn = new SolanaConnection(chain.rpcUrl, 'confirmed');
  local = solanaNetwork(chain.caipNetworkId.slice('solana:'.length), chain.rpcUrl);
  const host = new EventTarget();
  wallet = installSolanaDevWallet({
    name: WALLET,
    icon: svgIcon('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    accountIndex: 7,
    localChain: { caipNetworkId: chain.caipNetworkId as `solana:${string}`, rpcUrl: chain.rpcUrl },
    host: host as unknown as WalletHost,
    storage: new MemoryStorage(),
    confirmTimeoutMs: 20_000,
  });
  const sig = await conn.requestAirdrop(new PublicKey(wallet.address), 1.5 * LAMPORTS_PER_SOL);
  await conn.confirmTransaction({ signature: sig, ...(await conn.getLatestBlockhash()) }, 'confirmed');
  kernel = createKernel({
    // no blockchainApiUrl: balances come from the chain
    options: { projectId: 'int', networks: [local], features: { analytics: false } },
    plugins: [solanaPlugin(), portfolioPlugin()],
    environment: { window: host as never, document: undefined, localStorage: new MemoryStorage(), fetch: (u, i) => fetch(u, i) },
  });
  await kernel.start();
  await kernel.connection.connect({ connectorId: solanaConnectorId(WALLET) });
}, 60_000);

afterAll(async () => {
  await kernel?.stop();
  wallet?.uninstall();
  (conn as unknown as { _rpcWebSocket?: { close(): void } } | undefined)?._rpcWebSocket?.close();
  await chain?.stop();
});

it("the Tokens tab's balances on Solana: SOL read from the local chain with 9 decimals, and again after a transfer", async () => {
  expect(kernel.account.get('solana').address).toBe(wallet.address);
  await kernel.plugins.load('portfolio');
  const portfolio = kernel.get<Portfolio>(Portfolio);
  await portfolio.refreshBalances();
  expect(portfolio.state.balances).toMatchObject({ status: 'ready', source: 'chain', key: `${chain.caipNetworkId}:${wallet.address}` });
  expect(portfolio.state.balances.balances).toEqual([
    {
      name: 'Solana',
      symbol: 'SOL',
      chainId: chain.caipNetworkId,
      address: `${chain.caipNetworkId}:So11111111111111111111111111111111111111111`,
      price: 0,
      iconUrl: '',
      quantity: { decimals: '9', numeric: '1.5' },
    },
  ]);
  // what the Account view's header and the Tokens tab read
  expect(kernel.account.get('solana').tokenBalance).toEqual(portfolio.state.balances.balances);

  // 0.25 SOL out through the wallet; the fee comes off too. A forced refresh reads the chain again.
  await kernel.connection.transfer({ to: Keypair.generate().publicKey.toBase58(), amount: 250_000_000n });
  const lamports = await conn.getBalance(new PublicKey(wallet.address), 'confirmed');
  expect(lamports).toBeLessThan(1.25 * LAMPORTS_PER_SOL);
  await portfolio.refreshBalances({ force: true });
  expect(portfolio.state.balances.balances.map((b) => b.quantity)).toEqual([{ decimals: '9', numeric: formatUnits(BigInt(lamports), 9) }]);
});
