import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConflictChoices } from '../../../renderer/screens/outbox/ConflictChoices';
import type { EditConflict } from '../../../shared/outbox/desk-edit';
import { renderWithProviders } from '../render';

const conflict: EditConflict = {
  record: 'booking',
  fields: [
    { field: 'bookingStatus', base: 'Unconfirmed', mine: 'Confirmed', theirs: 'Cancelled' },
    { field: 'notes', base: '', mine: 'see averyveryverylongaddress@example.com', theirs: 'window' },
  ],
  theirs: { bookingStatus: 'Cancelled' },
  readAt: new Date().toISOString(),
};

describe('ConflictChoices', () => {
  it('keeps a status whole in a narrow panel and lets only a long token break anywhere', () => {
    renderWithProviders(<ConflictChoices outboxId="x" conflict={conflict} />);
    expect(screen.getByRole('cell', { name: 'Unconfirmed' }).style.overflowWrap).toBe('');
    expect(screen.getByRole('cell', { name: 'Status' }).style.overflowWrap).toBe('');
    expect(screen.getByRole('cell', { name: /averyveryverylong/ }).style.overflowWrap).toBe('anywhere');
    expect(screen.getByRole('cell', { name: 'window' }).style.overflowWrap).toBe('');
  });
});
