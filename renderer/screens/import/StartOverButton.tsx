import { Button } from '@mantine/core';
import { resetImport } from '../../import/controller';

/** Back to the start, to import another file. */
export function StartOverButton() {
  return (
    <Button variant="subtle" onClick={resetImport}>
      Import another file
    </Button>
  );
}
