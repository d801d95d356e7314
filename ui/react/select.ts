import type { AccountState, ChainNamespace } from '../../kernel/index';

/**
 * The namespace an account display is about: `requested`, else the active
 * namespace when it is connected, else the first connected one, else the
 * active one, else eip155.
 */
export function pickNamespace(
  accounts: Readonly<Partial<Record<ChainNamespace, AccountState>>>,
  active: ChainNamespace | undefined,
  requested?: ChainNamespace,
): ChainNamespace {
  if (requested) return requested;
  if (active && accounts[active]?.status === 'connected') return active;
  return (Object.keys(accounts) as ChainNamespace[]).find((k) => accounts[k]?.status === 'connected') ?? active ?? 'eip155';
}
