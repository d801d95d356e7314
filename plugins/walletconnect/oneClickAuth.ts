/**
 * One-click auth (docs/account-features.md#sign-in-with-a-wallet-message, docs/connection.md#session-methods):
 * with sign-in configured and every requested chain eip155, the pairing asks the wallet to
 * sign in as it approves the session (the universal provider's `connect` with an `authentication`
 * request: CAIP-222 inside the session proposal, the wallet's cacaos on the session it settles), so
 * one approval in the wallet connects and signs in. The pairing flow (./pairing) runs it; here, what
 * it decides and converts, without WalletConnect's client:
 * - {@link canSignInOverUniversalProvider}: the rule (every chain eip155, at least one);
 * - {@link authenticationRequest}: the request, the message's chain first (the one the wallet signs for);
 * - {@link sessionCacaos}: the cacaos on the settled session;
 * - {@link signedSessions}: the wallet's CAIP-74 cacaos as sign-in sessions (data, the exact text
 *   signed, signature, cacao), for the sign-in plugin's verification and storage.
 */
import type { CaipNetworkId } from 'latchkey';
import type { SignInRequest, SignedInSession } from 'latchkey/signin';

/** A configured network, or its CAIP-2 id ('eip155:1', 'solana:5eyk…'). */
export type SignInChain = { readonly chainNamespace: string } | string;

function namespaceOf(chain: SignInChain): string {
  return typeof chain === 'string' ? chain.split(':')[0]! : chain.chainNamespace;
}

/**
 * True when sign-in may go through the universal provider (one WalletConnect approval): there is
 * at least one chain and every chain is eip155. A single Solana or Bitcoin chain makes it false.
 */
export function canSignInOverUniversalProvider(networks: readonly SignInChain[]): boolean {
  return networks.length > 0 && networks.every((n) => namespaceOf(n) === 'eip155');
}

/** The chain the message names: the active network when it is requested, else the first requested one. */
export function messageChain(chains: readonly CaipNetworkId[], active: CaipNetworkId | undefined): CaipNetworkId | undefined {
  return active && chains.includes(active) ? active : chains[0];
}

/**
 * The sign-in request of a one-click pairing (the universal provider's `connect({ authentication })`:
 * the sign client's CAIP-222 request inside the session proposal): the message's fields and the
 * chains, the message's first (the wallet signs for the first one it supports). The session's
 * methods travel in the proposal's namespaces, as in any pairing.
 */
export function authenticationRequest(request: SignInRequest, chains: readonly CaipNetworkId[]): Record<string, unknown> {
  const params: Record<string, unknown> = {
    chains: [request.chainId, ...chains.filter((c) => c !== request.chainId)],
    domain: request.domain,
    uri: request.uri,
    nonce: request.nonce,
  };
  if (request.statement !== undefined) params['statement'] = request.statement;
  if (request.expirationTime !== undefined) params['exp'] = request.expirationTime;
  if (request.notBefore !== undefined) params['nbf'] = request.notBefore;
  if (request.requestId !== undefined) params['requestId'] = request.requestId;
  if (request.resources?.length) params['resources'] = [...request.resources];
  return params;
}

/** The cacaos a session carries (`session.authentication`: what the wallet signed while approving), or none. */
export function sessionCacaos(session: unknown): readonly Cacao[] {
  const list = (session as { authentication?: unknown } | undefined)?.authentication;
  return Array.isArray(list) ? (list as Cacao[]).filter((c) => typeof c?.p?.iss === 'string' && typeof c?.s?.s === 'string') : [];
}

/** A CAIP-74 object capability as the wallet returns it (the fields read here). */
export interface Cacao {
  readonly p: {
    /** `did:pkh:eip155:<chain>:<address>`. */
    readonly iss: string;
    readonly domain: string;
    readonly aud: string;
    readonly version: string;
    readonly nonce: string;
    readonly iat: string;
    readonly statement?: string;
    readonly exp?: string;
    readonly nbf?: string;
    readonly requestId?: string;
    readonly resources?: readonly string[];
  };
  readonly s: { readonly t: string; readonly s: string };
}

/** 'did:pkh:eip155:1:0xabc' → ['eip155:1', '0xabc'], or undefined for another issuer. */
function issuer(iss: string): [CaipNetworkId, string] | undefined {
  const m = /^did:pkh:(eip155):([0-9]{1,32}):(0x[0-9a-fA-F]{40})$/.exec(iss);
  return m ? [`${m[1]}:${m[2]}` as CaipNetworkId, m[3]!] : undefined;
}

/**
 * The statement of the signed text (EIP-4361: the line after the address and a blank line; blank
 * when there is none). With a ReCap it is the host's statement followed by the ReCap's wording,
 * which the sign client adds when it formats the message: read from the text, so the session's data
 * gives back exactly what was signed.
 */
function signedStatement(message: string): string | undefined {
  const lines = message.split('\n');
  return lines[2] === '' && lines[3] ? lines[3] : undefined;
}

/**
 * The wallet's cacaos as sign-in sessions. `format` is the sign client's `formatAuthMessage`: the
 * exact text the wallet signed. A cacao of another issuer than an EVM account is left out.
 */
export function signedSessions(auths: readonly Cacao[], format: (p: Cacao['p'], iss: string) => string): SignedInSession[] {
  const sessions: SignedInSession[] = [];
  for (const cacao of auths) {
    const who = issuer(cacao.p.iss);
    if (!who) continue;
    const { p } = cacao;
    const message = format(p, p.iss);
    const statement = signedStatement(message);
    sessions.push({
      data: {
        accountAddress: who[1],
        chainId: who[0],
        domain: p.domain,
        uri: p.aud,
        version: '1',
        nonce: p.nonce,
        issuedAt: p.iat,
        ...(statement ? { statement } : {}),
        ...(p.exp ? { expirationTime: p.exp } : {}),
        ...(p.nbf ? { notBefore: p.nbf } : {}),
        ...(p.requestId ? { requestId: p.requestId } : {}),
        ...(p.resources?.length ? { resources: [...p.resources] } : {}),
      },
      message,
      signature: cacao.s.s,
      cacao,
    });
  }
  return sessions;
}
