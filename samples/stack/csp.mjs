// The two Content-Security-Policies the stack serves: the sample wallet page's, and the demo's strict one (/?csp=strict).

/**
 * The sample wallet page's Content-Security-Policy: it may connect only to its own origin,
 * the relay and the chains' RPC. Any other host (WalletConnect's hosted Verify and analytics
 * endpoints) is refused by the browser at once, so nothing waits on a network timeout.
 * @param {{ relayUrl?: string, rpcUrls: string[] }} p
 */
export function walletCsp({ relayUrl, rpcUrls }) {
  const sources = [relayUrl, ...rpcUrls].filter(Boolean).map((u) => {
    const url = new URL(u);
    return `${url.protocol}//${url.host}`;
  });
  return [
    `connect-src 'self' ${[...new Set(sources)].join(' ')}`,
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The strict Content-Security-Policy the demo is served with at `/?csp=strict`: no inline
 * script or style of any kind ('unsafe-inline' and nonces absent), images from the page,
 * `data:`, `blob:` and the data service (token icons), and network access only to the page, the chains' RPC (EVM and Solana),
 * the relay and the data service; frames only from the embedded-wallet service (the email
 * and socials plugins' frame). The end-to-end CSP test
 * (tests/e2e/csp.e2e.test.ts) checks that the modal is styled and a wallet connects under it.
 * @param {{ relayUrl?: string, rpcUrls: string[], dataServiceUrl?: string, walletServiceUrl?: string }} p
 */
export function strictDemoCsp({ relayUrl, rpcUrls, dataServiceUrl, walletServiceUrl }) {
  const sources = [relayUrl, ...rpcUrls, dataServiceUrl].filter(Boolean).map((u) => {
    const url = new URL(u);
    return `${url.protocol}//${url.host}`;
  });
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // token icons come from the blockchain API (the data service)
    `img-src 'self' data: blob:${dataServiceUrl ? ` ${new URL(dataServiceUrl).origin}` : ''}`,
    `connect-src 'self' ${[...new Set(sources)].join(' ')}`,
    ...(walletServiceUrl ? [`frame-src ${new URL(walletServiceUrl).origin}`] : []),
  ].join('; ');
}
