import { Paper, SimpleGrid, Text, Title, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WORK_TYPES, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import { formatMoney, formatNumber, formatShortDay } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { useBillStatusLabel } from '../../i18n/bill-status-label.js';
import type { DashboardSummary } from './api.js';
import { billStatusRows, compactRupees, completedChartRows, dayLabelStep, niceTicks } from './dashboard-chart-data.js';
import classes from './dashboard.module.css';

/**
 * One colour per work type, dark enough to stand 3:1 against white (WCAG 1.4.11); the
 * legend and the table beside each chart name them, so colour is never the only cue.
 */
const WORK_COLORS = ['teal-8', 'blue-7', 'grape-7', 'orange-8', 'cyan-8', 'pink-7'].map((shade) => `var(--mantine-color-${shade})`);
const BAR_COLOR = 'var(--mantine-color-teal-7)';
const FALLBACK_WIDTH = 560;

/**
 * The dashboard's two charts (beyond SPEC): duties completed per day by work type, and bill
 * amounts by status. Plain SVG drawn here (decision 0022: a charts library cost 116 KB of
 * gzipped JavaScript for two bar charts); each is an image with a name for screen readers
 * and a table of its figures beside it.
 */
export default function DashboardCharts({ summary }: { summary: DashboardSummary }) {
  const m = useMessages();
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <ChartCard title={m('dutiesCompletedChart')}>
        {summary.completedPerDay.length === 0 ? <Text c="dimmed">{m('noCompletedDutiesYet')}</Text> : <CompletedPerDayChart summary={summary} title={m('dutiesCompletedChart')} />}
      </ChartCard>
      <ChartCard title={m('billAmountsByStatusChart')}>
        {summary.billsByStatus.length === 0 ? <Text c="dimmed">{m('noBillsYet')}</Text> : <BillsByStatusChart summary={summary} title={m('billAmountsByStatusChart')} />}
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

/** Stacked columns: one per day of the chart period, a segment per work type. */
function CompletedPerDayChart({ summary, title }: { summary: DashboardSummary; title: string }) {
  const { t } = useTranslation();
  const { ref, width: measured } = useElementSize();
  const rows = completedChartRows(summary.completedPerDay, summary.today, undefined, (day) => formatShortDay(day));
  const width = measured || FALLBACK_WIDTH;
  const height = 240;
  const margin = { top: 8, right: 8, bottom: 26, left: 36 };
  const plotWidth = Math.max(1, width - margin.left - margin.right);
  const plotHeight = height - margin.top - margin.bottom;
  const totals = rows.map((row) => WORK_TYPES.reduce((sum, work) => sum + row[work], 0));
  const ticks = niceTicks(Math.max(1, ...totals));
  const top = ticks[ticks.length - 1]!;
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  const slot = plotWidth / rows.length;
  const barWidth = Math.max(2, slot * 0.7);
  const step = dayLabelStep(rows.length, plotWidth, 56);
  const used = WORK_TYPES.filter((work) => rows.some((row) => row[work] > 0));

  return (
    <div ref={ref}>
      <svg width={width} height={height} role="img" aria-label={title} style={{ display: 'block', maxWidth: '100%' }}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className={classes.gridLine} x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} />
            <text className={classes.axisText} x={margin.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {rows.map((row, index) => {
          const x = margin.left + index * slot + (slot - barWidth) / 2;
          let base = 0;
          return (
            <g key={row.day}>
              {WORK_TYPES.map((work, workIndex) => {
                const count = row[work];
                if (count === 0) return null;
                const rect = (
                  <rect key={work} x={x} width={barWidth} y={y(base + count)} height={y(base) - y(base + count)} fill={WORK_COLORS[workIndex]} stroke="white" strokeWidth={barWidth > 6 ? 1 : 0}>
                    <title>{`${row.label} · ${WORK_TYPE_SELECT_LABELS[work]}: ${formatNumber(count)}`}</title>
                  </rect>
                );
                base += count;
                return rect;
              })}
              {(rows.length - 1 - index) % step === 0 && (
                // the newest day's label ends at its bar, inside the chart, instead of centred past the edge
                <text className={classes.axisText} x={index === rows.length - 1 ? x + barWidth : x + barWidth / 2} y={height - 8} textAnchor={index === rows.length - 1 ? 'end' : 'middle'}>
                  {row.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <ul className={classes.legend} aria-hidden>
        {used.map((work) => (
          <li key={work}>
            <span className={classes.swatch} style={{ background: WORK_COLORS[WORK_TYPES.indexOf(work)] }} />
            {WORK_TYPE_SELECT_LABELS[work]}
          </li>
        ))}
      </ul>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('reports.chartDay')}</th>
              {used.map((work) => (
                <th key={work} scope="col">
                  {WORK_TYPE_SELECT_LABELS[work]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows
              .filter((_, index) => totals[index]! > 0)
              .map((row) => (
                <tr key={row.day}>
                  <th scope="row">{row.label}</th>
                  {used.map((work) => (
                    <td key={work}>{formatNumber(row[work])}</td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </div>
  );
}

/** Horizontal bars, one per bill status in SPEC's order: the name above, the amount at the bar's end. */
function BillsByStatusChart({ summary, title }: { summary: DashboardSummary; title: string }) {
  const { t } = useTranslation();
  const m = useMessages();
  const statusLabel = useBillStatusLabel();
  const { ref, width: measured } = useElementSize();
  const units = {
    thousand: (value: string) => t('reports.compactThousand', { value }),
    lakh: (value: string) => t('reports.compactLakh', { value }),
    crore: (value: string) => t('reports.compactCrore', { value }),
  };
  const rows = billStatusRows(summary.billsByStatus).map((row) => ({ ...row, label: statusLabel(row.status) }));
  const width = measured || FALLBACK_WIDTH;
  const rowHeight = 46;
  const barHeight = 18;
  const valueRoom = 72;
  const height = rows.length * rowHeight;
  const largest = Math.max(1, ...rows.map((row) => row.amount));
  const barRoom = Math.max(1, width - valueRoom);

  return (
    <div ref={ref}>
      <svg width={width} height={height} role="img" aria-label={title} style={{ display: 'block', maxWidth: '100%' }}>
        {rows.map((row, index) => {
          const top = index * rowHeight;
          const barWidth = row.amount > 0 ? Math.max(2, (Math.max(0, row.amount) / largest) * barRoom) : 0;
          return (
            <g key={row.status}>
              <text className={classes.axisText} x={0} y={top + 14} style={{ fontSize: 13, fontWeight: 600 }}>
                {row.label}
              </text>
              <rect x={0} y={top + 20} width={barRoom} height={barHeight} rx={3} fill="var(--mantine-color-gray-1)" />
              {barWidth > 0 && (
                <rect x={0} y={top + 20} width={barWidth} height={barHeight} rx={3} fill={BAR_COLOR}>
                  <title>{`${row.label}: ${formatMoney(row.amount)}`}</title>
                </rect>
              )}
              <text className={classes.axisText} x={barRoom + 6} y={top + 20 + barHeight / 2} dy="0.32em">
                {compactRupees(row.amount, units)}
              </text>
            </g>
          );
        })}
      </svg>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{m('columnStatus')}</th>
              <th scope="col">{m('netAmount')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.status}>
                <th scope="row">{row.label}</th>
                <td>{formatMoney(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </div>
  );
}
