import { Alert } from '@mantine/core';

/** Why an action failed, in red and announced at once (role="alert"); nothing while there is no error. */
export function ErrorAlert({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  );
}
