import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setDesk } from '../../../renderer/bridge/desk';
import { ContactFieldsPanel } from '../../../renderer/screens/settings/ContactFieldsPanel';
import { createFakeDesk } from '../../support/fake-desk';
import { fakeHandlers } from '../../support/fake-handlers';
import { renderWithProviders } from '../render';

describe('adding a contact field in Settings', () => {
  it('lists and offers the types in staff’s words, and sends the type the service knows', async () => {
    const added: unknown[] = [];
    setDesk(
      createFakeDesk(
        fakeHandlers({
          listContactFields: () => [
            { name: 'PatronName', type: 'string' },
            { name: 'Sex', type: 'Sex' },
            { name: 'marketingConsent', type: 'bool' },
          ],
          addContactField: (request) => (
            added.push(request),
            { name: 'vipLevel', label: request.label, type: request.type }
          ),
        }),
      ),
    );
    renderWithProviders(<ContactFieldsPanel />);
    const table = await screen.findByRole('table', { name: 'contact fields' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['NameTypeOptions', 'PatronNameText (one line)', 'SexSex', 'marketingConsentYes or no']);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'New field label' }), 'VIP level');
    const type = screen.getByRole('combobox', { name: 'Type' });
    expect(type).toHaveValue('Text (one line)');
    await user.click(type);
    await waitFor(() => expect(type.getAttribute('aria-controls')).toBeTruthy());
    const options = within(document.getElementById(type.getAttribute('aria-controls')!)!);
    await user.click(options.getByRole('option', { name: 'Yes or no', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await waitFor(() => expect(added).toEqual([{ label: 'VIP level', type: 'bool' }]));
  });
});
