/**
 * Public assets: what `<img>` tags and wallets fetch, so no projectId.
 *
 * GET /v1/token-icon/{chain}/{native|address}.svg   a round icon with the token's symbol
 * GET /v1/nft/{chain}/{contract}/{tokenId}          ERC-721 metadata JSON { name, description, image, attributes }
 * GET /v1/nft/{chain}/{contract}/{tokenId}/image.svg  a generated image (a key in the token's colours)
 *
 * The dev NFT's tokenURI points at the metadata route. Images are generated from a hash of
 * (chain, contract, token id): deterministic, no storage, no external fetches. Text in SVGs is
 * XML-escaped and the SVGs are served with a CSP that allows no scripts.
 */
import { createHash } from 'node:crypto';
import { getAddress } from 'viem';
import { notFound } from '../errors';
import type { Reply, Route } from '../http';
import { nftMetadataUrl } from '../shapes';
import { parseAddress, parseChainId, parseTokenId } from '../validation';
import type { ApiDeps } from './deps';

const SVG_HEADERS = {
  'cache-control': 'public, max-age=3600',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
} as const;

export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hue(seed: string, salt = ''): number {
  return createHash('sha256').update(seed).update(salt).digest().readUInt16BE(0) % 360;
}

export function tokenIconSvg(symbol: string, seed: string): string {
  const text = escapeXml(symbol.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 4).toUpperCase() || '?');
  const h = hue(seed);
  const size = text.length > 3 ? 15 : text.length > 2 ? 18 : 22;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="hsl(${h} 65% 45%)"/><text x="32" y="32" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${text}</text></svg>`;
}

export function nftImageSvg(title: string, seed: string): string {
  const a = hue(seed, 'a');
  const b = hue(seed, 'b');
  const label = escapeXml(title.slice(0, 40));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${a} 70% 55%)"/><stop offset="1" stop-color="hsl(${b} 70% 35%)"/></linearGradient></defs><rect width="512" height="512" rx="48" fill="url(#g)"/><g fill="none" stroke="#fff" stroke-width="28" stroke-linecap="round" stroke-linejoin="round"><circle cx="180" cy="230" r="80"/><path d="M250 270 L400 380 M340 336 L372 300 M372 358 L404 322"/></g><text x="256" y="470" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="700" font-size="30" fill="#fff">${label}</text></svg>`;
}

/** The NFT a `/v1/nft/:chain/:contract/:tokenId` route names (each part checked), with its collection's name ('NFT' when unknown). */
async function nftOf(deps: ApiDeps, params: Readonly<Record<string, string>>) {
  const chainId = parseChainId(params.chain, 'chain');
  const contract = parseAddress(params.contract, 'contract');
  const tokenId = parseTokenId(params.tokenId);
  const rows = await deps.db.query<{ name: string | null }>('select name from tokens where chain_id = $1 and address = $2', [chainId, contract]);
  return { chainId, contract, tokenId, collection: rows[0]?.name ?? 'NFT' };
}

export function assetRoutes(deps: ApiDeps): Route[] {
  const svg = (body: string): Reply => ({ body, contentType: 'image/svg+xml', headers: SVG_HEADERS });
  return [
    {
      method: 'GET',
      path: '/v1/token-icon/:chain/:file',
      auth: 'public',
      async handler(ctx) {
        const chainId = parseChainId(ctx.params.chain, 'chain');
        const m = /^(native|0x[0-9a-fA-F]{40})\.svg$/.exec(ctx.params.file!);
        if (!m) throw notFound('file', 'Not found');
        if (m[1] === 'native') {
          const chain = deps.chain(chainId);
          if (!chain) throw notFound('chain', `Unknown chain eip155:${chainId}`);
          return svg(tokenIconSvg(chain.nativeSymbol, `${chainId}:native`));
        }
        const token = parseAddress(m[1]);
        const rows = await deps.db.query<{ symbol: string | null }>('select symbol from tokens where chain_id = $1 and address = $2', [chainId, token]);
        return svg(tokenIconSvg(rows[0]?.symbol ?? '?', `${chainId}:${token}`));
      },
    },
    {
      method: 'GET',
      path: '/v1/nft/:chain/:contract/:tokenId',
      auth: 'public',
      async handler(ctx) {
        const { chainId, contract, tokenId, collection } = await nftOf(deps, ctx.params);
        return {
          json: {
            name: `${collection} #${tokenId}`,
            description: `Token ${tokenId} of ${collection} (${getAddress(contract)} on eip155:${chainId}), a development NFT of the Latchkey stack.`,
            image: `${nftMetadataUrl(deps.config.publicUrl, chainId, contract, tokenId)}/image.svg`,
            attributes: [{ trait_type: 'Colour', value: hue(`${chainId}:${contract}:${tokenId}`, 'a') }],
          },
          headers: { 'cache-control': 'public, max-age=300' },
        };
      },
    },
    {
      method: 'GET',
      path: '/v1/nft/:chain/:contract/:tokenId/image.svg',
      auth: 'public',
      async handler(ctx) {
        const { chainId, contract, tokenId, collection } = await nftOf(deps, ctx.params);
        return svg(nftImageSvg(`${collection} #${tokenId}`, `${chainId}:${contract}:${tokenId}`));
      },
    },
  ];
}
