import { useIntl } from 'react-intl';
import { dateText } from './dates';

/** A day as the page's locale writes it ("25 Jan 2027", "25. Jan. 2027"), its ISO form kept for machines. */
export function DateText({ date, className }: { date: string; className?: string }) {
  const day = date.slice(0, 10);
  return (
    <time dateTime={day} className={className}>
      {dateText(useIntl(), day)}
    </time>
  );
}
