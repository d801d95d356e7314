/**
 * The connected account's ENS primary name and avatar on the account (the account button and the
 * Account view), loaded by ./module only for a network that has ENS (`ensContracts`,
 * docs/connection.md#account-sync). Read through the kernel's RPC transport (never the wallet),
 * cached 5 minutes per network and address (the spec's identity cache).
 *
 * The names plugin may also fill the profile from the blockchain API. The two agree by one rule:
 * an ENS primary name wins; each clears only the profile it wrote.
 */
import { Account, RpcTransport, Storage, type CaipNetwork, type PluginContext } from 'latchkey';
import { lookupEnsIdentity, type EnsContracts, type EnsIdentity } from 'latchkey/eip155';

/** docs/connection.md#account-sync: identity 5 minutes. */
export const ENS_IDENTITY_CACHE = { name: 'ensIdentity', ttlMs: 300_000 } as const;

function isIdentity(v: unknown): v is EnsIdentity {
  const o = v as EnsIdentity | null;
  return typeof o === 'object' && o !== null && (o.name === null || typeof o.name === 'string') && (o.avatar === null || typeof o.avatar === 'string');
}

/**
 * Looks up `address`'s identity on `network` (from the cache when fresh) and puts a primary name
 * on the account. Returns the cleanup: stops a lookup under way and takes the name off the
 * account when it is still the one written here.
 */
export function showEnsIdentity(ctx: Pick<PluginContext, 'get'>, network: CaipNetwork, contracts: EnsContracts, address: string): () => void {
  const account = ctx.get<Account>(Account);
  const cache = ctx.get<Storage>(Storage).cache(ENS_IDENTITY_CACHE.name, ENS_IDENTITY_CACHE.ttlMs);
  const key = `${network.caipNetworkId}:${address.toLowerCase()}`;
  let live = true;
  let written: string | undefined;
  const apply = (identity: EnsIdentity) => {
    const current = account.get('eip155');
    if (!live || current.address?.toLowerCase() !== address.toLowerCase()) return;
    if (identity.name) {
      written = identity.name;
      account.setProfile('eip155', { name: identity.name, image: identity.avatar });
    }
  };
  const cached = cache.get(key, isIdentity);
  if (cached) apply(cached);
  else {
    lookupEnsIdentity(ctx.get<RpcTransport>(RpcTransport).forNetwork(network), contracts, address).then(
      (identity) => {
        cache.set(key, identity);
        apply(identity);
      },
      (err: unknown) => {
        // the node did not answer: no name this time (the next connection asks again)
        if (live) console.warn('[latchkey] ENS: the primary name could not be read', err);
      },
    );
  }
  return () => {
    live = false;
    if (written !== undefined && account.get('eip155').profileName === written) account.setProfile('eip155', { name: null, image: null });
  };
}
