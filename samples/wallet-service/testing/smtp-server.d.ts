// The part of smtp-server's API the tests use (the package ships no types).
declare module 'smtp-server' {
  import type { Server } from 'node:net';
  import type { Readable } from 'node:stream';
  export interface SMTPServerOptions {
    authOptional?: boolean;
    disabledCommands?: string[];
    onData?(stream: Readable, session: unknown, callback: (err?: Error | null) => void): void;
  }
  export class SMTPServer {
    constructor(options?: SMTPServerOptions);
    readonly server: Server;
    listen(port: number, host: string, callback?: () => void): void;
    close(callback?: () => void): void;
  }
}
