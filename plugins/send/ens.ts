/** ENS resolution for a receiver typed as a name: its own chunk, loaded by the form on the first name typed on a network with ENS. */
export { resolveEnsName } from 'latchkey/eip155';
