import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';

/** Renders inside the app's Mantine provider, as main.tsx does. */
export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(
    <MantineProvider>
      <ModalsProvider>
        <Notifications />
        {ui}
      </ModalsProvider>
    </MantineProvider>,
  );
}
