/**
 * The frame's own refusals (FrameError) and the message a failed request is answered with: the
 * service's, the frame's or a refused sign-in's own text; anything else only 'An error occurred'.
 */
import { SMART_ACCOUNT_UNSUPPORTED_MESSAGE } from 'latchkey/plugins/embedded-wallet/protocol';
import { ApiError } from './api';
import { SignInRefusedError } from './siwe';

export class FrameError extends Error {}

export function message(err: unknown): string {
  // what a smart account cannot sign (the service's smart_account_unsupported): the spec's words, which the app shows
  if (err instanceof ApiError && err.code === 'smart_account_unsupported') return SMART_ACCOUNT_UNSUPPORTED_MESSAGE;
  if (err instanceof ApiError || err instanceof FrameError || err instanceof SignInRefusedError) return err.message;
  return 'An error occurred';
}
