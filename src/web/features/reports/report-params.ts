import { useState } from 'react';
import { useAddressParams } from '../../forms/use-address-params.js';
import { dayInZone } from '../../../shared/time.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import type { WorkType } from '../../../shared/work-types.js';
import { tabFromParam } from '../../components/category-tabs.js';
import { isMonth } from './report-month.js';

/**
 * The work type and month of a report page live in the address (?work=&month=), so the
 * attendance page can link to the same month's wage register and a reload keeps the view.
 * No month means the current one, which the server decides in APP_TZ.
 */
export function useReportParams() {
  // builds on the last address asked for, so a tab tapped just after a month step keeps both
  const { params, update: updateAddress } = useAddressParams();
  const work = tabFromParam(params.get('work'));
  const monthParam = params.get('month');
  const month = isMonth(monthParam) ? monthParam : null;
  const update = (next: { work?: WorkType; month?: string }) => {
    const changes: Record<string, string> = {};
    if (next.work) changes.work = next.work;
    if (next.month) changes.month = next.month;
    updateAddress(changes);
  };
  return { work, month, update };
}

/** '?work=…&month=…' of a report page, to open another report on the same view. */
export function reportSearch(work: WorkType, month: string | null): string {
  const params = new URLSearchParams({ work });
  if (month) params.set('month', month);
  return params.toString();
}

/**
 * The current month, as the server last reported it ("today" in APP_TZ), kept while another
 * month loads so the Next button knows where the current month ends. Before any answer it
 * is read from the browser's clock in the company's zone.
 */
export function useCurrentMonth(serverToday: string | undefined): string {
  const [today, setToday] = useState<string | null>(null);
  const timeZone = useCompanyTimeZone();
  if (serverToday && serverToday !== today) setToday(serverToday);
  return (serverToday ?? today ?? dayInZone(new Date(), timeZone)).slice(0, 7);
}
