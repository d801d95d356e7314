/**
 * Benchmark page (b): the same host page with Latchkey's React entry, the EVM plugin and its
 * ConnectButton, importing the package as a host does (its exports, built in dist/esm).
 */
import { evmPlugin } from 'latchkey/plugins/evm';
import { BROWSER_WALLETS_ONLY, mountBenchHost } from './host';

mountBenchHost([evmPlugin()], BROWSER_WALLETS_ONLY);
