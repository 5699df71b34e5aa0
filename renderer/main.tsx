import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { getDesk } from './bridge/desk';
import { followAccount } from './stores/account';
import { followGuests } from './stores/guests';
import { followOutbox } from './stores/outbox';
import { followReservations } from './stores/reservations';
import { followDeskStatus } from './stores/status';
import { cssVariablesResolver, theme } from './theme';

// The token has done its work once the page is open (it now travels in an HttpOnly cookie).
if (new URLSearchParams(location.search).has('token')) history.replaceState(null, '', location.pathname);

followDeskStatus(getDesk());
followAccount(getDesk());
followOutbox(getDesk());
followGuests(getDesk());
followReservations(getDesk());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <ModalsProvider>
        <Notifications position="bottom-right" limit={4} />
        <App />
      </ModalsProvider>
    </MantineProvider>
  </StrictMode>,
);
