/** A sign-in request inside a session proposal (CAIP-222 fields as the sign client sends them). */
export interface ProposalSignIn {
  readonly chains: readonly string[];
  readonly domain: string;
  readonly aud: string;
  readonly nonce: string;
  readonly [field: string]: unknown;
}
/** A signed sign-in: the cacao (CAIP-74: `h`, `p`, `s`) and the text that was signed. */
export interface SignedSignIn {
  readonly cacao: {
    readonly h: { readonly t: string };
    readonly p: { readonly iss: string; readonly [field: string]: unknown };
    readonly s: { readonly t: string; readonly s: string };
  };
  readonly message: string;
}
/** The sign-in requests a session proposal carries (none for a plain proposal). */
export declare function proposalSignIns(proposal: unknown): ProposalSignIn[];
/** Each request signed for the first of its chains the wallet serves; a request for none of them is left out. */
export declare function signAuthentication(
  requests: readonly ProposalSignIn[],
  wallet: { address: string; chains: readonly string[]; format(p: { request: any; iss: string }): string; signMessage(message: string): Promise<string> },
): Promise<SignedSignIn[]>;
