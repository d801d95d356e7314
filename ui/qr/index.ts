/**
 * `latchkey/ui/qr`: the one QR code component plugins show (WalletConnect links, Farcaster
 * sign-in, Receive). Its own entry so that the QR encoder (`qrcode`) loads only with the
 * views that draw a code, never with `latchkey/ui`'s primitives.
 */
export { QrCode, QR_QUIET_ZONE, type QrCodeProps } from './QrCode';
