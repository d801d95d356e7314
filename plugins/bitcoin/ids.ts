/** Connector ids (in the manifest's own file set: discovery itself is imported on start). */
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || encodeURIComponent(name);

/** Id of the connector for the Bitcoin side of the wallet-standard wallet named `name`. */
export function bitcoinConnectorId(name: string): string {
  return `wallet-standard:bitcoin:${slug(name)}`;
}
