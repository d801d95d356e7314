/**
 * The frame's own refusals (FrameError) and the message a failed request is answered with: the
 * service's, the frame's or a refused sign-in's own text; anything else only 'An error occurred'.
 */
import { ApiError } from './api';
import { SignInRefusedError } from './siwe';

export class FrameError extends Error {}

export function message(err: unknown): string {
  if (err instanceof ApiError || err instanceof FrameError || err instanceof SignInRefusedError) return err.message;
  return 'An error occurred';
}
