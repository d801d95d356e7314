/**
 * The data service's schema migrations, applied at start by the shared runner
 * (`samples/shared/db/migrate.ts`: in order, each once in its own transaction, recorded in
 * `schema_migrations`). Never edit a published migration: add the next version.
 *
 * Conventions: addresses are 0x + 40 lowercase hex; amounts and token ids are numeric(78,0)
 * (uint256); block timestamps are unix seconds.
 */
import { splitSql, type Migration } from '../../shared/db/migrate';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'chain index, names, on-ramp purchases',
    statements: splitSql(`
      create table chains (
        chain_id bigint primary key,
        genesis_hash text not null,
        restarts integer not null default 0,
        reorgs integer not null default 0,
        updated_at timestamptz not null default now()
      );
      create table blocks (
        chain_id bigint not null,
        number bigint not null,
        hash text not null,
        parent_hash text not null,
        timestamp bigint not null,
        primary key (chain_id, number)
      );
      create table txs (
        chain_id bigint not null,
        block_number bigint not null,
        tx_index integer not null,
        hash text not null,
        from_address text not null,
        to_address text,
        contract_address text,
        nonce bigint not null,
        value numeric(78,0) not null,
        status smallint not null,
        selector text,
        primary key (chain_id, block_number, tx_index)
      );
      create index txs_hash on txs (chain_id, hash);
      -- kind: 0 native value, 1 ERC-20, 2 ERC-721; log_index -1 for the native value of a transaction
      create table transfers (
        chain_id bigint not null,
        block_number bigint not null,
        tx_index integer not null,
        log_index integer not null,
        kind smallint not null,
        token text,
        from_address text not null,
        to_address text not null,
        amount numeric(78,0) not null,
        token_id numeric(78,0),
        primary key (chain_id, block_number, tx_index, log_index)
      );
      create index transfers_token on transfers (chain_id, token, token_id);
      -- one row per (address, transaction) the address takes part in: the history index
      create table account_txs (
        address text not null,
        chain_id bigint not null,
        block_number bigint not null,
        tx_index integer not null,
        timestamp bigint not null,
        primary key (address, chain_id, block_number, tx_index)
      );
      create index account_txs_page on account_txs (address, timestamp desc, chain_id desc, block_number desc, tx_index desc);
      create index account_txs_block on account_txs (chain_id, block_number);
      -- kind: 1 ERC-20, 2 ERC-721
      create table tokens (
        chain_id bigint not null,
        address text not null,
        kind smallint not null,
        name text,
        symbol text,
        decimals integer,
        first_block bigint not null,
        primary key (chain_id, address)
      );
      create table erc20_balances (
        chain_id bigint not null,
        holder text not null,
        token text not null,
        amount numeric(78,0) not null,
        primary key (chain_id, holder, token)
      );
      create table nft_tokens (
        chain_id bigint not null,
        contract text not null,
        token_id numeric(78,0) not null,
        owner text not null,
        token_uri text,
        minted_block bigint not null,
        primary key (chain_id, contract, token_id)
      );
      create index nft_tokens_owner on nft_tokens (owner, chain_id, contract, token_id);
      create table names (
        name text primary key,
        registered_at timestamptz not null,
        updated_at timestamptz not null,
        attributes jsonb not null default '{}'
      );
      create table name_addresses (
        name text not null references names (name) on delete cascade,
        coin_type bigint not null,
        address text not null,
        created_at timestamptz not null,
        primary key (name, coin_type)
      );
      create index name_addresses_address on name_addresses (address);
      create table onramp_purchases (
        provider text not null,
        purchase_id text not null,
        address text not null,
        chain_id bigint not null,
        status text not null,
        tx_hash text,
        amount text not null,
        currency text not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        seq bigserial,
        primary key (provider, purchase_id)
      );
      create index onramp_purchases_page on onramp_purchases (address, provider, created_at desc, seq desc);
    `),
  },
];
