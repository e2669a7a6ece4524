import { useState } from 'react';
import type { CalendarQuery } from '@shared/appApi';
import { messageOf } from '@renderer/bridge/bridge';
import { saveTextFile } from '@renderer/components/saveTextFile';
import { Button, toast } from '@renderer/components/ui';
import { useBridge } from '@renderer/state/bridgeContext';

/** "Export iCal": the leave shown, as an .ics file saved through the browser's (or the desktop's) download. */
export function IcalExport({ query }: { query: CalendarQuery }) {
  const bridge = useBridge();
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const file = await bridge.call('calendar.ical', query);
      if (file.events === 0) {
        toast('No leave to export in these dates and filters');
        return;
      }
      saveTextFile(file.fileName, file.text, 'text/calendar');
      toast(`Exported ${file.events} request${file.events === 1 ? '' : 's'} to ${file.fileName}`);
    } catch (error) {
      toast(`The calendar could not be exported: ${messageOf(error)}`);
    } finally {
      setPending(false);
    }
  };
  return (
    <Button isPending={pending} onPress={() => void run()}>
      Export iCal
    </Button>
  );
}
