import { createTheme } from '@mantine/core';

/** One theme for the desk: dense, readable at arm's length. */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
});
