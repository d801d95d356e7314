// The /config.json contract: what the demo server tells its pages (the demo, the sample wallet, the
// sample apps) about the running stack. The page side reads it in samples/demo/config.ts.

/**
 * The body of /config.json, from the parts of a started stack; the keys keep this order.
 * @param {{ chains: { chainId: number, name: string, rpcUrl: string }[], solana: { rpcUrl: string, wsUrl: string, caipNetworkId: string }, relay: { url: string }, walletService: { url: string, oidcIssuer: string }, data: { url: string, tokens: unknown, nfts: unknown, exchange: unknown, ens: unknown }, onramp: { url: string }, bundler: { url: string, entryPoint: string, factory: string, chainId: number }, build: { errors: string[] } }} p
 */
export function stackConfig({ chains, solana, relay, walletService, data, onramp, bundler, build }) {
  return {
    chains,
    solana,
    relayUrl: relay.url,
    walletServiceUrl: walletService.url,
    oidcIssuer: walletService.oidcIssuer,
    dataServiceUrl: data.url,
    onrampUrl: onramp.url,
    tokens: data.tokens,
    nfts: data.nfts,
    exchange: data.exchange,
    ens: data.ens,
    // the ERC-4337 bundler of chain 31337 and the parts it serves (EntryPoint v0.8, SimpleAccountFactory)
    bundler: { url: bundler.url, entryPoint: bundler.entryPoint, factory: bundler.factory, chainId: bundler.chainId },
    buildErrors: build.errors,
  };
}
