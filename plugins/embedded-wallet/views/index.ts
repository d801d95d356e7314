/**
 * Every view of the two plugins, as one chunk: the first one shown loads it (both manifests'
 * view contributions import this module; one import path costs the host's entry least).
 */
export { default as EmailLogin } from './EmailLogin';
export { default as EmailVerifyOtp } from './EmailVerifyOtp';
export { default as EmailVerifyDevice } from './EmailVerifyDevice';
export { default as EmbeddedWalletSettings } from './EmbeddedWalletSettings';
export { default as UpdateEmailWallet } from './UpdateEmailWallet';
export { default as UpdateEmailOtp } from './UpdateEmailOtp';
export { default as SocialLogin } from './SocialLogin';
export { default as ConnectingSocial } from './ConnectingSocial';
export { default as ConnectingFarcaster } from './ConnectingFarcaster';
export { default as ApproveTransaction } from './ApproveTransaction';
