import { Alert, Badge, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getDesk } from '../../bridge/desk';
import { useDeskAction } from '../../hooks/useDeskAction';

/** The account's guest categories (new ones appear when a guest is saved with them). */
export function CategoriesPanel() {
  const [categories, setCategories] = useState<Array<{ id: string; name: string }> | null>(null);
  const load = useDeskAction(() => getDesk().listCategories({}));
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void load.run().then((result) => result && setCategories(result)), []);
  if (load.error)
    return (
      <Alert color="red" role="alert">
        {load.error}
      </Alert>
    );
  if (!categories)
    return (
      <Text size="sm" c="dimmed">
        Loading…
      </Text>
    );
  if (!categories.length)
    return (
      <Text size="sm" c="dimmed">
        No categories yet.
      </Text>
    );
  return (
    <Group gap={6} aria-label="categories">
      {categories.map((category) => (
        <Badge key={category.id} variant="outline">
          {category.name}
        </Badge>
      ))}
    </Group>
  );
}
