/** Connector ids (in the manifest's own file set: discovery itself is imported on start). */

/** Id of the connector for the Solana side of the wallet named `name`. */
export function solanaConnectorId(name: string): string {
  return `wallet-standard:solana:${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || encodeURIComponent(name)}`;
}
