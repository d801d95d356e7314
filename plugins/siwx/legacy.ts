/**
 * The legacy `siweConfig` path (AppKit's SIWE configuration): its callbacks, mapped onto the
 * session provider interface so one flow serves both. SIWE is EVM-only: non-eip155 accounts
 * are not asked. The view it opens is ConnectingSiwe.
 */
import { SiwxVerificationError } from './errors';
import { generateNonce, messageData, splitChainId } from './message';
import type { SiwxConfig, SiwxMessage, SiwxMessageData, SiwxSession } from './types';
import type { CaipNetworkId } from 'latchkey';

export interface SiweMessageParams {
  readonly domain: string;
  readonly uri: string;
  /** EIP-155 chain ids the host accepts (informational). */
  readonly chains?: readonly number[];
  readonly statement?: string;
  /** Issued At, Expiration Time, Not Before (ISO 8601). */
  readonly iat?: string;
  readonly exp?: string;
  readonly nbf?: string;
  readonly requestId?: string;
  readonly resources?: readonly string[];
}

export interface SiweCreateMessageArgs extends SiweMessageParams {
  readonly address: string;
  readonly chainId: number;
  readonly nonce: string;
  readonly version: '1';
  readonly iat: string;
}

export interface SiweSession {
  readonly address: string;
  readonly chainId: number;
}

/** AppKit's SIWE configuration, as hosts pass it in `siweConfig`. */
export interface SiweConfig {
  getMessageParams?(): Promise<SiweMessageParams>;
  /** The EIP-4361 text for these fields. */
  createMessage(args: SiweCreateMessageArgs): string;
  getNonce(address?: string): Promise<string>;
  getSession(): Promise<SiweSession | null | undefined>;
  verifyMessage(args: { readonly message: string; readonly signature: string; readonly cacao?: unknown }): Promise<boolean>;
  signOut(): Promise<boolean>;
  onSignIn?(session: SiweSession): void;
  onSignOut?(): void;
  readonly required?: boolean;
  readonly signOutOnDisconnect?: boolean;
  readonly signOutOnAccountChange?: boolean;
  readonly signOutOnNetworkChange?: boolean;
}

/** 'eip155:10' → 10; undefined for another namespace. */
function evmChainId(chainId: string): number | undefined {
  const [ns, ref] = splitChainId(chainId);
  const n = Number(ref);
  return ns === 'eip155' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** A session as the host's `getSession` reports it: no message or signature kept on this side. */
function reported(session: SiweSession): SiwxSession {
  return {
    data: { accountAddress: session.address, chainId: `eip155:${session.chainId}`, domain: '', uri: '', version: '1', nonce: '', issuedAt: '' },
    message: '',
    signature: '',
  };
}

export function siweToSiwx(siwe: SiweConfig, location?: { readonly host: string; readonly origin: string }): SiwxConfig {
  const signOut = async (): Promise<void> => {
    await siwe.signOut();
    siwe.onSignOut?.();
  };
  const provider: SiwxConfig = {
    signOutOnDisconnect: siwe.signOutOnDisconnect ?? true,
    getRequired: () => siwe.required ?? true,

    async createMessage({ chainId, accountAddress }): Promise<SiwxMessage> {
      const params = (await siwe.getMessageParams?.()) ?? (location ? { domain: location.host, uri: location.origin } : undefined);
      if (!params) throw new TypeError('siweConfig.getMessageParams must give the domain and uri');
      const nonce = (await siwe.getNonce(accountAddress)) || generateNonce();
      const issuedAt = params.iat ?? new Date().toISOString();
      const data: SiwxMessageData = {
        accountAddress,
        chainId,
        domain: params.domain,
        uri: params.uri,
        version: '1',
        nonce,
        issuedAt,
        ...(params.statement ? { statement: params.statement } : {}),
        ...(params.exp ? { expirationTime: params.exp } : {}),
        ...(params.nbf ? { notBefore: params.nbf } : {}),
        ...(params.requestId ? { requestId: params.requestId } : {}),
        ...(params.resources?.length ? { resources: [...params.resources] } : {}),
      };
      const text = siwe.createMessage({ ...params, address: accountAddress, chainId: evmChainId(chainId) ?? 1, nonce, version: '1', iat: issuedAt });
      return { ...data, toString: () => text };
    },

    async getSessions(chainId: CaipNetworkId, address: string): Promise<readonly SiwxSession[]> {
      let session: SiweSession | null | undefined;
      try {
        session = await siwe.getSession();
      } catch (err) {
        console.warn('[latchkey] siweConfig.getSession failed', err);
        return [];
      }
      if (!session || typeof session.address !== 'string' || !Number.isSafeInteger(session.chainId)) return [];
      const otherChain = `eip155:${session.chainId}` !== chainId;
      const otherAccount = session.address.toLowerCase() !== address.toLowerCase();
      if (otherAccount || ((siwe.signOutOnNetworkChange ?? false) && otherChain)) return [];
      return [reported(session)];
    },

    async addSession(session: SiwxSession): Promise<void> {
      const chainId = evmChainId(session.data.chainId);
      if (chainId === undefined) return; // SIWE covers EVM accounts only
      const ok = await siwe.verifyMessage({ message: session.message, signature: session.signature, ...(session.cacao !== undefined ? { cacao: session.cacao } : {}) });
      if (!ok) throw new SiwxVerificationError('siweConfig.verifyMessage refused the signature.');
      siwe.onSignIn?.({ address: session.data.accountAddress, chainId });
    },

    async setSessions(sessions: readonly SiwxSession[]): Promise<void> {
      if (sessions.length === 0) return signOut();
      // SIWE keeps one session: the first EVM one.
      const first = sessions.find((s) => evmChainId(s.data.chainId) !== undefined);
      if (first) await provider.addSession({ ...first, data: messageData(first.data) });
    },

    async revokeSession(): Promise<void> {
      await signOut();
    },
  };
  return provider;
}
