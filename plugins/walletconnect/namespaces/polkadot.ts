/**
 * Polkadot: a namespace the kernel keeps state for, with no wallet-session method list
 * (docs/connection.md#session-methods) and so none proposed to wallets (../sessionNamespaces.ts). A session that
 * carries it anyway connects and switches within its chains; nothing else is offered.
 */
import type { NamespaceMethods } from './context';

export function polkadotMethods(): NamespaceMethods<'polkadot'> {
  return {};
}
