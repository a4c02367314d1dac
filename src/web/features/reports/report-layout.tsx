import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useMessages } from '../../i18n/messages.js';
import { errorText } from '../../api/error-text.js';
import type { WorkType } from '../../../shared/work-types.js';
import { MonthStepper } from './month-stepper.js';
import { DownloadButton } from '../../components/download-button.js';
import { CATEGORY_TABS } from '../../components/category-tabs.js';
import { PrintHeading } from '../../components/list/print-heading.js';

/**
 * The frame of a monthly report page (attendance, wage register): the title with the
 * month stepper, 'Download Excel' and a link to the other report, the six work tabs, and
 * the panel's 'Loading data...', error and 'No workers in this category.' states. The
 * report itself is `children`, drawn once the answer has rows, after `toolbar` (the
 * view's search, filter, Export and Print, issue 28). On paper only the report prints,
 * under a heading naming the view's filters (`printFilters`).
 */
export function ReportLayout<T>({
  title,
  month,
  currentMonth,
  work,
  onChange,
  query,
  isEmpty,
  download,
  link,
  toolbar,
  printFilters,
  children,
}: {
  title: string;
  month: string;
  currentMonth: string;
  work: WorkType;
  onChange: (next: { work?: WorkType; month?: string }) => void;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  download: () => Promise<unknown>;
  link: { to: string; label: string };
  /** the view's controls, drawn above the report once it has rows */
  toolbar?: (data: T) => ReactNode;
  /** the view's filters, named in the printed heading */
  printFilters?: string[];
  children: (data: T) => ReactNode;
}) {
  const m = useMessages();
  useDocumentTitle(`${title} · Dutyroll`);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" data-no-print>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <MonthStepper month={month} currentMonth={currentMonth} onChange={(next) => onChange({ month: next })} />
      </Group>
      <Group gap="sm" data-no-print>
        <DownloadButton disabled={!query.data || isEmpty(query.data)} download={download} />
        <Button component={Link} to={link.to} variant="light" size="md">
          {link.label}
        </Button>
      </Group>
      <Tabs value={work} onChange={(value) => value && onChange({ work: value as WorkType })} keepMounted={false}>
        <Tabs.List data-no-print>
          {CATEGORY_TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} fz="md" py="sm">
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CATEGORY_TABS.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value} pt="md">
            {query.isPending ? (
              <Text c="dimmed" py="lg" role="status">
                {m('loadingData')}
              </Text>
            ) : query.isError ? (
              <Alert color="red" variant="light" role="alert">
                {errorText(query.error, 'somethingWentWrong')}
              </Alert>
            ) : isEmpty(query.data) ? (
              <Text c="dimmed" py="lg">
                {m('noWorkersInCategory')}
              </Text>
            ) : (
              <Stack gap="sm">
                {toolbar?.(query.data)}
                <PrintHeading title={title} filters={printFilters ?? []} />
                {children(query.data)}
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
