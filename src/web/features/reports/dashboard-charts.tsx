import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../shared/messages.js';
import { WORK_TYPES, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import { formatMoney, formatShortDay } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { useBillStatusLabel } from '../bills/bill-status-label.js';
import type { DashboardSummary } from './api.js';
import { billStatusRows, compactRupees, completedChartRows } from './dashboard-chart-data.js';

const WORK_COLORS = ['teal.6', 'blue.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6'] as const;
const workSeries = WORK_TYPES.map((work, index) => ({ name: work, label: WORK_TYPE_SELECT_LABELS[work], color: WORK_COLORS[index]! }));

/** The dashboard's two charts (beyond SPEC): duties completed per day by work type, and bill amounts by status. */
export default function DashboardCharts({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation();
  const m = useMessages();
  const statusLabel = useBillStatusLabel();
  const units = {
    thousand: (value: string) => t('reports.compactThousand', { value }),
    lakh: (value: string) => t('reports.compactLakh', { value }),
    crore: (value: string) => t('reports.compactCrore', { value }),
  };
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard title={m(MSG.dutiesCompletedChart)}>
        {summary.completedPerDay.length === 0 ? (
          <Text c="dimmed">{m(MSG.noCompletedDutiesYet)}</Text>
        ) : (
          <BarChart
            h={280}
            data={completedChartRows(summary.completedPerDay, summary.today, undefined, (day) => formatShortDay(day))}
            dataKey="label"
            type="stacked"
            series={workSeries}
            withLegend
            legendProps={{ verticalAlign: 'bottom', height: 48 }}
            tickLine="y"
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            yAxisProps={{ allowDecimals: false, width: 32 }}
          />
        )}
      </ChartCard>
      <ChartCard title={m(MSG.billAmountsByStatusChart)}>
        {summary.billsByStatus.length === 0 ? (
          <Text c="dimmed">{m(MSG.noBillsYet)}</Text>
        ) : (
          <BarChart
            h={240}
            data={billStatusRows(summary.billsByStatus).map((row) => ({ ...row, label: statusLabel(row.status) }))}
            dataKey="label"
            orientation="vertical"
            series={[{ name: 'amount', label: m(MSG.netAmount), color: 'teal.6' }]}
            valueFormatter={(value) => formatMoney(value)}
            tickLine="x"
            gridAxis="y"
            yAxisProps={{ width: 124, interval: 0 }}
            xAxisProps={{ tickFormatter: (value: number) => compactRupees(value, units), minTickGap: 12 }}
          />
        )}
      </ChartCard>
    </SimpleGrid>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
      <Paper withBorder radius="lg" p="md" component="figure" m={0} aria-label={title}>
        <Title order={2} fz="md" mb="md">
          {title}
        </Title>
        {children}
      </Paper>
  );
}
