// The stack's local payment provider (samples/onramp-provider): it sells the native currency of
// the stack's EVM chains, pays from anvil's dev account 7 (a real transfer; that account has
// anvil's 10 000 ETH and nothing else in the stack sends from it), reports purchases to the
// stack's data service, and sends visitors back to the demo's origins only.
import { mnemonicToAccount } from 'viem/accounts';
import { bytesToHex } from 'viem';
import { loadTs } from './load-ts.mjs';

/** anvil's PUBLIC dev mnemonic (samples/dev-wallet/keys.ts): development only. */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
/** The dev account that pays buyers in the stack. */
export const ONRAMP_FUNDER_INDEX = 7;

/**
 * @param {{
 *   port: number,
 *   chains: { chainId: number, name: string, rpcUrl: string }[],
 *   dataServiceUrl: string,
 *   dataSecret: string,
 *   redirectOrigins: string[],
 *   env?: Record<string, string | undefined>,
 *   log?: boolean | ((line: string) => void),
 * }} opts
 * @returns {Promise<{ url: string, port: number, funder: string, stop(): Promise<void> }>}
 */
export async function startStackOnramp(opts) {
  const env = opts.env ?? process.env;
  const { startOnrampProvider } = await loadTs('samples/onramp-provider/src/index.ts');
  const funderKey = env.ONRAMP_FUNDER_KEY || bytesToHex(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: ONRAMP_FUNDER_INDEX }).getHdKey().privateKey);
  try {
    return await startOnrampProvider(
      {
        port: opts.port,
        chains: opts.chains,
        funderKey,
        dataServiceUrl: opts.dataServiceUrl,
        dataSecret: opts.dataSecret,
        redirectOrigins: env.ONRAMP_REDIRECT_ORIGINS ? undefined : opts.redirectOrigins,
        log: opts.log ?? false,
      },
      env,
    );
  } catch (err) {
    if (/already in use/.test(String(err?.message))) throw new Error(err.message);
    throw err;
  }
}
