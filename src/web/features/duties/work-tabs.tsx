import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import type { WorkType } from '../../../shared/work-types.js';

/**
 * The work-type tabs of the live and completed boards (SPEC §2), scrolling sideways on a
 * phone instead of wrapping. The board keeps the chosen tab in the address.
 */
export function WorkTabs({ tabs, work, onChange, children }: { tabs: { work: WorkType; label: string }[]; work: WorkType; onChange: (work: WorkType) => void; children?: ReactNode }) {
  return (
    <Tabs value={work} onChange={(value) => value && onChange(value as WorkType)} keepMounted={false}>
      <Tabs.List mb="md" style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
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
