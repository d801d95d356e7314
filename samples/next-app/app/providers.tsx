'use client';
/**
 * The one client component the app writes: it creates the kernel (plugins are functions, which a
 * server component cannot pass) and gives it to LatchkeyProvider. Its children stay server
 * components.
 */
import { useState, type ReactNode } from 'react';
import type { LatchkeyInitialState } from 'latchkey';
import { LatchkeyProvider } from 'latchkey/react';
import { createAppKernel, type StorageMode } from './latchkey';
import type { AppConfig } from './stack';

export function Providers(props: {
  readonly config: AppConfig;
  readonly storage: StorageMode;
  readonly initialState?: LatchkeyInitialState;
  readonly children: ReactNode;
}) {
  const [kernel] = useState(() => createAppKernel(props.config, props.storage));
  return (
    <LatchkeyProvider kernel={kernel} initialState={props.initialState}>
      {props.children}
    </LatchkeyProvider>
  );
}
