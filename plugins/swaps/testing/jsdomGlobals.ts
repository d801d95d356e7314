/** jsdom lacks TextEncoder and TextDecoder (every browser has them; viem uses them when it loads). Import first. */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
