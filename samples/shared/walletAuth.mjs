// A wallet's side of one-click sign-in over WalletConnect (CAIP-222 inside the session proposal:
// the dapp's `connect({ authentication })`): each sign-in request of a proposal signed for the first
// of its chains the wallet serves, as the cacaos `approveSession` returns in
// `proposalRequestsResponses.authentication`. The text is the sign client's own formatting
// (`walletKit.formatAuthMessage`), signed as a personal_sign. The test wallets and the sample
// mobile wallet use it.
import { buildAuthObject } from '@walletconnect/utils';

/**
 * The sign-in requests a session proposal carries (none for a plain proposal).
 * @param {{ requests?: { authentication?: readonly Record<string, any>[] } }} proposal the proposal's params
 * @returns {Record<string, any>[]}
 */
export function proposalSignIns(proposal) {
  const list = proposal?.requests?.authentication;
  return Array.isArray(list) ? list.filter((r) => r && typeof r === 'object' && Array.isArray(r.chains)) : [];
}

/**
 * Signs each request for the first of its chains in `chains` (CAIP-2 ids the wallet serves); a
 * request for none of them is left out. Each answer: the cacao (for `proposalRequestsResponses`) and
 * the text signed.
 * @param {readonly Record<string, any>[]} requests
 * @param {{ address: string, chains: readonly string[], format(p: { request: Record<string, any>, iss: string }): string, signMessage(message: string): Promise<string> }} wallet
 */
export async function signAuthentication(requests, wallet) {
  const cacaos = [];
  for (const request of requests) {
    const chain = request.chains.find((/** @type {string} */ c) => wallet.chains.includes(c));
    if (!chain) continue;
    const iss = `did:pkh:${chain}:${wallet.address}`;
    const payload = { ...request, chains: [chain] };
    const message = wallet.format({ request: payload, iss });
    const signature = await wallet.signMessage(message);
    cacaos.push({ cacao: buildAuthObject(payload, { t: 'eip191', s: signature }, iss), message });
  }
  return cacaos;
}
