/**
 * Benchmark page: the Latchkey page (React entry, EVM plugin) with the WalletConnect plugin, paired
 * through the local relay whose URL the bench gives in the query string (`?relay=ws://127.0.0.1:…`).
 */
import { evmPlugin } from 'latchkey/plugins/evm';
import { walletConnectPlugin } from 'latchkey/plugins/walletconnect';
import { mountBenchHost } from './host';

const relayUrl = new URLSearchParams(location.search).get('relay') ?? 'ws://127.0.0.1:9';

mountBenchHost([evmPlugin(), walletConnectPlugin()], { enableEIP6963: true, enableInjected: true, relayUrl });
