import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { MSG } from '../../../shared/messages.js';
import { englishErrorText } from '../../api/error-text.js';
import { ErrorBoundary } from '../../components/error-boundary.js';
import { MoneyText } from '../../components/money-text.js';
import { useMessages } from '../../i18n/messages.js';
import { useDashboardSummary, type DashboardSummary as Summary } from './api.js';

// The charts (recharts) are a large chunk: the cards show first, the charts follow.
const DashboardCharts = lazy(() => import('./dashboard-charts.js'));

const cards: { label: string; value: (s: Summary) => ReactNode; money?: boolean }[] = [
  { label: MSG.passedBills, value: (s) => String(s.passedBills) },
  { label: MSG.pendingBills, value: (s) => String(s.pendingBills) },
  { label: MSG.netAmount, value: (s) => <MoneyText value={s.netAmount} />, money: true },
  { label: MSG.totalBillAmount, value: (s) => <MoneyText value={s.totalBillAmount} />, money: true },
  { label: MSG.totalPenalties, value: (s) => <MoneyText value={s.totalPenalties} />, money: true },
  { label: MSG.totalLiveWork, value: (s) => String(s.totalLiveWork) },
  { label: MSG.totalCompletedWork, value: (s) => String(s.totalCompletedWork) },
  { label: MSG.todayLiveWork, value: (s) => String(s.todayLiveWork) },
  { label: MSG.todayCompletedWork, value: (s) => String(s.todayCompletedWork) },
];

/**
 * SPEC §2 Manager Dashboard: the nine summary cards and, beyond SPEC, two charts. One
 * server call computes everything in SQL ("today" in APP_TZ).
 */
export function DashboardSummary() {
  const m = useMessages();
  const query = useDashboardSummary();
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {m(englishErrorText(query.error, MSG.somethingWentWrong))}
      </Alert>
    );
  }
  const summary = query.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'xs', sm: 'md' }} aria-busy={!summary}>
        {cards.map((card) => (
          <Paper key={card.label} withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} role="group" aria-label={m(card.label)}>
            <Text size="sm" c="dimmed" fw={600} lh={1.3}>
              {m(card.label)}
            </Text>
            {summary ? (
              <Text fz={{ base: card.money ? 18 : 24, sm: 26 }} fw={700} mt={6} className="break-anywhere" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {card.value(summary)}
              </Text>
            ) : (
              <Skeleton height={28} mt={8} width="60%" />
            )}
          </Paper>
        ))}
      </SimpleGrid>
      {summary && (
        // the charts' code not loading (offline before it came) leaves the cards, SPEC's
        // dashboard, on screen instead of failing the whole page
        <ErrorBoundary fallback={null}>
          <Suspense fallback={<Skeleton height={340} radius="lg" />}>
            <DashboardCharts summary={summary} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Stack>
  );
}
