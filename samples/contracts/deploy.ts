/**
 * Deploys the dev-stack contracts on a local anvil chain and gives the dev wallet's accounts
 * something to look at: LKD tokens, a few NFTs and some transfers, so balances, NFTs and
 * history are not empty.
 *
 * The accounts are anvil's unlocked dev accounts (`eth_accounts`, anvil's default mnemonic), the
 * ones the dev wallet (samples/dev-wallet) and the sample mobile wallet use. The deployer is the
 * LAST of them (index 9): on a fresh chain its nonces 0 and 1 make the token and NFT addresses
 * deterministic, and account 0 (the wallets' default) never sends a transaction here, so its ETH
 * balance stays anvil's 10000 ETH (tests rely on that).
 */
import { getContractAddress, parseEther, parseUnits, type Abi, type Address } from 'viem';
import { DeployError } from './artifacts';
import type { CompiledContracts } from './compile';
import { openLocalChain } from './localChain';

export interface DeployOptions {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly contracts: CompiledContracts;
  /**
   * Base of the NFTs' token URIs, given the NFT contract's (predicted) address; tokenURI(id) is
   * this + id. The stack points it at the data service: `${dataServiceUrl}/v1/nft/eip155:31337/${address}/`.
   */
  readonly nftBaseUri: (nftAddress: Address) => string;
  /** Skip the demo transfers (tests that want an empty history). Default false. */
  readonly skipActivity?: boolean;
}

export interface DeployedToken {
  readonly address: Address;
  readonly name: string;
  readonly symbol: string;
  readonly decimals: number;
}

export interface DeployedNft {
  readonly address: Address;
  readonly name: string;
  readonly symbol: string;
  /** token id -> owner, after the demo activity */
  readonly owners: Readonly<Record<string, Address>>;
}

export interface DevContracts {
  readonly chainId: number;
  readonly deployer: Address;
  /** anvil's dev accounts, index 0 first */
  readonly accounts: readonly Address[];
  readonly token: DeployedToken;
  readonly nft: DeployedNft;
  /** transactions sent, the last block they landed in, and how long it all took */
  readonly transactions: number;
  readonly lastBlock: number;
  readonly ms: number;
}

export const DEV_TOKEN = { name: 'Latchkey Dev Token', symbol: 'LKD', decimals: 18 } as const;
export const DEV_NFT = { name: 'Latchkey Dev Keys', symbol: 'LKEY' } as const;
/** What every dev account but the deployer receives. */
export const DEV_TOKEN_GRANT = parseUnits('1000', DEV_TOKEN.decimals);
const INITIAL_SUPPLY = parseUnits('1000000', DEV_TOKEN.decimals);

export async function deployDevContracts(options: DeployOptions): Promise<DevContracts> {
  const started = Date.now();
  const tokenArtifact = options.contracts.LatchkeyDevToken;
  const nftArtifact = options.contracts.LatchkeyDevKeys;
  if (!tokenArtifact || !nftArtifact) throw new DeployError('compiled contracts lack LatchkeyDevToken or LatchkeyDevKeys');
  const { client, accounts, hashes, wallet, send, confirmAll, requireCode } = await openLocalChain(options.rpcUrl, options.chainId, (m) => new DeployError(m));
  if (accounts.length < 4) throw new DeployError(`the node has ${accounts.length} unlocked accounts; at least 4 are needed`);
  const deployer = accounts[accounts.length - 1]!;

  const nonce = await client.getTransactionCount({ address: deployer });
  const tokenAddress = getContractAddress({ from: deployer, nonce: BigInt(nonce) });
  const nftAddress = getContractAddress({ from: deployer, nonce: BigInt(nonce + 1) });
  const deployerWallet = wallet(deployer);
  await send(
    deployerWallet.deployContract({ abi: tokenArtifact.abi, bytecode: tokenArtifact.bytecode, args: [INITIAL_SUPPLY] }),
  );
  await send(
    deployerWallet.deployContract({ abi: nftArtifact.abi, bytecode: nftArtifact.bytecode, args: [options.nftBaseUri(nftAddress)] }),
  );
  const write = (from: Address, address: Address, abi: Abi, functionName: string, args: readonly unknown[], value?: bigint) =>
    send(wallet(from).writeContract({ address, abi, functionName, args, value } as never));

  const owners: Record<string, Address> = {};
  const others = accounts.slice(0, -1);
  for (const to of others) await write(deployer, tokenAddress, tokenArtifact.abi, 'transfer', [to, DEV_TOKEN_GRANT]);
  // NFTs: #1-#3 to account 0, #4 to account 1, #5 to account 2
  const mintTo = [others[0]!, others[0]!, others[0]!, others[1]!, others[2]!];
  for (const [i, to] of mintTo.entries()) {
    await write(deployer, nftAddress, nftArtifact.abi, 'mint', [to]);
    owners[String(i + 1)] = to;
  }
  if (!options.skipActivity) {
    // some history that is not just grants: account 1 pays account 0 in LKD and account 2 in ETH,
    // account 2 gives its NFT to account 1 (account 0 itself sends nothing)
    await write(others[1]!, tokenAddress, tokenArtifact.abi, 'transfer', [others[0]!, parseUnits('25', DEV_TOKEN.decimals)]);
    await send(wallet(others[1]!).sendTransaction({ to: others[2]!, value: parseEther('0.5') }));
    await write(others[2]!, nftAddress, nftArtifact.abi, 'transferFrom', [others[2]!, others[1]!, 5n]);
    owners['5'] = others[1]!;
  }
  // anvil mines each transaction as it arrives; check they all succeeded
  const lastBlock = await confirmAll('dev stack');
  await requireCode({ token: tokenAddress });
  return {
    chainId: options.chainId,
    deployer,
    accounts,
    token: { address: tokenAddress, ...DEV_TOKEN },
    nft: { address: nftAddress, ...DEV_NFT, owners },
    transactions: hashes.length,
    lastBlock: Number(lastBlock),
    ms: Date.now() - started,
  };
}
