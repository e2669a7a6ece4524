import { useState } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import type { CalendarQuery } from '@shared/appApi';
import { messageOf } from '@renderer/bridge/bridge';
import { saveTextFile } from '@renderer/components/saveTextFile';
import { Button, toast } from '@renderer/components/ui';
import { useBridge } from '@renderer/state/bridgeContext';

const MESSAGES = {
  nothing: defineMessage({
    id: 'calendar.ical.nothing',
    defaultMessage: 'No leave to export in these dates and filters',
  }),
  exported: defineMessage<{ count: number; file: string }>({
    id: 'calendar.ical.exported',
    defaultMessage: '{count, plural, one {Exported # request to {file}} other {Exported # requests to {file}}}',
  }),
  failed: defineMessage<{ problem: string }>({
    id: 'calendar.ical.failed',
    defaultMessage: 'The calendar could not be exported: {problem}',
  }),
};

/** "Export iCal": the leave shown, as an .ics file saved through the browser's (or the desktop's) download. */
export function IcalExport({ query }: { query: CalendarQuery }) {
  const bridge = useBridge();
  const intl = useIntl();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const file = await bridge.call('calendar.ical', query);
      if (file.events === 0) {
        toast(intl.formatMessage(MESSAGES.nothing));
        return;
      }
      saveTextFile(file.fileName, file.text, 'text/calendar');
      toast(intl.formatMessage(MESSAGES.exported, { count: file.events, file: file.fileName }));
    } catch (error) {
      toast(intl.formatMessage(MESSAGES.failed, { problem: messageOf(error) }));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button isPending={pending} onPress={() => void run()}>
      <FormattedMessage id="calendar.ical.export" defaultMessage="Export iCal" />
    </Button>
  );
}
