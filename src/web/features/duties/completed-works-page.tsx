import { useDocumentTitle } from '@mantine/hooks';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CompletedDutiesBoard } from './completed-duties-board.js';

const detailPath = (id: string) => `/dashboard/manager/traindetail/${id}`;

/** SPEC §2 Completed Trains (manager/completed). */
export default function CompletedWorksPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('duties.completedWorksManagerTitle'));
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('duties.completedWorks')}
      </Title>
      <CompletedDutiesBoard ownWork={null} detailPath={detailPath} />
    </Stack>
  );
}
