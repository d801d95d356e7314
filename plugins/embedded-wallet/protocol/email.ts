/**
 * The page's e-mail check, without zod: the rule of the frame's schema (frameEvents.ts's `emailCheck`,
 * W3mFrameSchema's: EMAIL_PATTERN within MAX.email characters, a primitive string) and its zod 3 texts
 * ('Invalid email'; 'Required', 'Expected string, received …' from the kernel's error map). The e-mail
 * field renders and checks with this alone, so showing it evaluates no zod (the schemas load with the
 * frame); page.test.ts holds this and the frame's schema to the same answers.
 */
import { zodErrorMap } from 'latchkey';
import { isEmail } from './names';

/** The first validation message for `email`, in zod 3's words ('Invalid email', 'Required', …), or undefined when valid. */
export function emailError(email: unknown): string | undefined {
  // a raw invalid_type issue, as zod hands it to the map: the map only reads code, expected and input
  if (typeof email !== 'string') return zodErrorMap({ code: 'invalid_type', expected: 'string', input: email } as never) as string;
  return isEmail(email) ? undefined : 'Invalid email';
}
