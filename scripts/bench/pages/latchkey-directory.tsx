/**
 * Benchmark page: the Latchkey page (React entry, EVM plugin) with a remote wallet directory of
 * 5,000 wallets, served by the bench server at {origin}/directory (GET /directory/getWallets).
 */
import { evmPlugin } from 'latchkey/plugins/evm';
import { BROWSER_WALLETS_ONLY, mountBenchHost } from './host';

mountBenchHost([evmPlugin()], { ...BROWSER_WALLETS_ONLY, walletDirectoryUrl: `${location.origin}/directory` });
