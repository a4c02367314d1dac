import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A quiet centred spinner for the moments a page or a check is on its way. */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" p="xl">
      <Stack align="center" gap="sm">
        <Loader type="dots" size="lg" aria-label={label ?? t('layout.loading')} />
        {label ? (
          <Text c="dimmed" size="sm">
            {label}
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
}
