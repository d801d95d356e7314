/**
 * Benchmark page (b'): page (b) with the embedded wallet's two plugins registered as well
 * (`email` and `socials`): what they add to the host's entry bundle (budget: 1 KiB gzip). Their
 * frame, views and module load only when used, so the service URL is never reached here.
 */
import { evmPlugin } from 'latchkey/plugins/evm';
import { emailPlugin } from 'latchkey/plugins/email';
import { socialsPlugin } from 'latchkey/plugins/socials';
import { BROWSER_WALLETS_ONLY, mountBenchHost } from './host';

mountBenchHost([evmPlugin(), emailPlugin(), socialsPlugin()], { ...BROWSER_WALLETS_ONLY, walletServiceUrl: 'http://127.0.0.1:9' });
