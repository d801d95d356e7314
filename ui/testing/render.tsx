/**
 * Test helpers for UI tests: a real kernel (createKernel through the kernel's
 * test kit: fake eip155 adapter, in-memory storage, no network) and renderers.
 * Not part of the public API.
 */
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { testKernel, type TestKernel } from '../../kernel/testing/fakeAdapter';
import type { LatchkeyOptions } from '../../kernel/index';
import type { PluginManifest } from '../../kernel/index';
import { KernelContext } from '../react/context';
import { LatchkeyProvider } from '../react/LatchkeyProvider';
import type { UiKernel } from '../kernel';
import type { ViewComponent } from '../views/types';
import { ensureCoreViews } from '../views/manifest';

export type { TestKernel };

/** A kernel for UI tests. */
export function uiKernel(options: Partial<LatchkeyOptions> = {}, plugins: PluginManifest[] = []): TestKernel {
  return testKernel(options, { plugins });
}

/** Renders `ui` with the kernel in context (core views registered, as LatchkeyProvider does), inside a [data-lk] root like the modal's. */
export function renderWithKernel(kernel: UiKernel, ui: ReactElement): RenderResult {
  ensureCoreViews(kernel);
  return render(
    <KernelContext.Provider value={kernel}>
      <div data-lk="">{ui}</div>
    </KernelContext.Provider>,
  );
}

/** Renders `ui` inside a LatchkeyProvider of `t`'s kernel (by default a new {@link uiKernel}), as a host app does. */
export function renderInProvider(ui: ReactElement, t: TestKernel = uiKernel()): TestKernel & RenderResult {
  return { ...t, ...render(<LatchkeyProvider kernel={t.kernel}>{ui}</LatchkeyProvider>) };
}

/** Renders a view component as the outlet would. */
export function renderView(kernel: UiKernel, View: ViewComponent<any>, data?: Readonly<Record<string, unknown>>): RenderResult {
  return renderWithKernel(kernel, <View kernel={kernel} data={data} />);
}

/** A plugin manifest contributing views (component by id) and optionally more, counting its module loads. */
export function viewPlugin(
  id: string,
  views: Readonly<Record<string, unknown>>,
  contributes: PluginManifest['contributes'] = {},
): PluginManifest & { loads: number } {
  const manifest = {
    id,
    loads: 0,
    contributes: {
      views: Object.entries(views).map(([view, component]) => ({ id: view, load: async () => ({ default: component }) })),
      ...contributes,
    },
    load: async () => {
      manifest.loads++;
      return {};
    },
  };
  return manifest;
}

/** A 0x address of 40 hex characters. */
export const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678';

/** Lets pending promises (kernel work, lazy chunks) settle inside act(). */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
}
