import { Stack, TextInput, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigation } from '../../stores/navigation';

/** The front desk's main screen: guest search (Ctrl+K from anywhere). */
export function GuestsScreen() {
  const searchRef = useRef<HTMLInputElement>(null);
  const focusRequest = useNavigation((state) => state.searchFocusRequest);

  useEffect(() => {
    searchRef.current?.focus();
    searchRef.current?.select();
  }, [focusRequest]);

  return (
    <Stack gap="md">
      <Title order={2}>Guests</Title>
      <TextInput
        ref={searchRef}
        aria-label="Search guests"
        placeholder="Name, email, mobile, member or card number (Ctrl+K)"
        size="md"
      />
    </Stack>
  );
}
