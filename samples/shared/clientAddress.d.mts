/** The key per-client limits count by: IPv4 as is (also IPv4-mapped), IPv6 by its /64 prefix. */
export declare function clientAddressKey(address: string | undefined | null): string;
