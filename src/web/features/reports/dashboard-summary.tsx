import { Alert, Anchor, Box, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../api/error-text.js';
import { MoneyText } from '../../components/money-text.js';
import { type MessageCode, useMessages } from '../../i18n/messages.js';
import type { DashboardSummary as Summary } from './api.js';
import { useDashboardSummary } from './dashboard-query.js';
import DashboardCharts from './dashboard-charts.js';
import classes from './dashboard.module.css';


const BILLS = '/dashboard/manager/bills';
const LIVE = '/dashboard/manager/livework';
const COMPLETED = '/dashboard/manager/completed';

/**
 * The nine cards, each opening the list it counts (issue 15): bills, live works, completed
 * works; the "today" cards open the lists of today (APP_TZ, the server's `today`).
 */
const cards: { label: MessageCode; value: (s: Summary) => ReactNode; to: (s: Summary) => string; money?: boolean }[] = [
  { label: 'passedBills', value: (s) => String(s.passedBills), to: () => BILLS },
  { label: 'pendingBills', value: (s) => String(s.pendingBills), to: () => BILLS },
  { label: 'netAmount', value: (s) => <MoneyText value={s.netAmount} />, to: () => BILLS, money: true },
  { label: 'totalBillAmount', value: (s) => <MoneyText value={s.totalBillAmount} />, to: () => BILLS, money: true },
  { label: 'totalPenalties', value: (s) => <MoneyText value={s.totalPenalties} />, to: () => BILLS, money: true },
  { label: 'totalLiveWork', value: (s) => String(s.totalLiveWork), to: () => LIVE },
  { label: 'totalCompletedWork', value: (s) => String(s.totalCompletedWork), to: () => COMPLETED },
  { label: 'todayLiveWork', value: (s) => String(s.todayLiveWork), to: () => LIVE },
  { label: 'todayCompletedWork', value: (s) => String(s.todayCompletedWork), to: (s) => `${COMPLETED}?${new URLSearchParams({ from: s.today, to: s.today })}` },
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
        {errorText(query.error, 'somethingWentWrong')}
      </Alert>
    );
  }
  const summary = query.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'xs', sm: 'md' }} aria-busy={!summary}>
        {cards.map((card) => {
          const body = (
            <>
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
            </>
          );
          return (
            <Paper key={card.label} withBorder radius="lg" p={0} role="group" aria-label={m(card.label)} className={classes.card}>
              {summary ? (
                <Anchor component={Link} to={card.to(summary)} underline="never" c="inherit" display="block" p={{ base: 'sm', sm: 'md' }} className={classes.cardLink}>
                  {body}
                </Anchor>
              ) : (
                <Box p={{ base: 'sm', sm: 'md' }}>{body}</Box>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
      {summary && <DashboardCharts summary={summary} />}
    </Stack>
  );
}
