import { Fragment } from 'react';
import { formatMoney } from '../i18n/format.js';

/**
 * An amount (formatMoney) that may wrap only after a group comma (₹98,76,<wbr>543.21),
 * never inside a group, so narrow cards on a phone stay readable.
 */
export function MoneyText({ value }: { value: number }) {
  const parts = formatMoney(value).split(',');
  return (
    <span style={{ wordBreak: 'keep-all', overflowWrap: 'normal' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && ','}
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
