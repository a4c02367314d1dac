import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The work-type tabs of the live and completed boards (SPEC §2), scrolling sideways on a
 * phone instead of wrapping; the office boards add an "All work types" tab (ALL_WORK, issue 28).
 * The board keeps the chosen tab in the address. The tabs are not printed.
 */
export function WorkTabs<W extends string>({ tabs, work, onChange, children }: { tabs: { work: W; label: string }[]; work: W; onChange: (work: W) => void; children?: ReactNode }) {
  return (
    <Tabs value={work} onChange={(value) => value && onChange(value as W)} keepMounted={false}>
      <Tabs.List mb="md" style={{ overflowX: 'auto', flexWrap: 'nowrap' }} data-no-print>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.work} value={tab.work} fw={600} py="sm">
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {children}
    </Tabs>
  );
}
