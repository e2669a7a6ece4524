import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { VIEW_MESSAGES } from '@shared/i18n/viewMessages';
import { Button, Tab, TabList, TabPanel, Tabs } from '@renderer/components/ui';
import { useRoles } from '@renderer/state/appStore';
import { href, useRoute } from '@renderer/state/route';
import { DepartmentsPanel } from './DepartmentsPanel';
import { Directory } from './Directory';
import { ImportDialog } from './ImportDialog';
import { OrgChart } from './OrgChart';
import { PersonDialog } from './PersonDialog';
import { PersonPage } from './PersonPage';
import './people.css';

const TABS = ['directory', 'chart', 'departments'] as const;
type PeopleTab = (typeof TABS)[number];

/** People: the directory, a person's page, the organization chart, and (admins) departments. */
export function PeopleView() {
  const intl = useIntl();
  const { params } = useRoute();
  const isAdmin = useRoles()?.includes('ADMIN') ?? false;
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const person = params.get('person');
  const asked = params.get('tab') as PeopleTab | null;
  const tab: PeopleTab = asked && TABS.includes(asked) && (asked !== 'departments' || isAdmin) ? asked : 'directory';
  return (
    <section aria-labelledby="people-title">
      <div className="view-head">
        <h1 id="people-title">{intl.formatMessage(VIEW_MESSAGES.people)}</h1>
        {isAdmin && (
          <div className="tools">
            <Button variant="primary" onPress={() => setDialog('add')}>
              <FormattedMessage id="people.view.addPerson" defaultMessage="Add person" />
            </Button>
            <Button onPress={() => setDialog('import')}>
              <FormattedMessage id="people.view.import" defaultMessage="Import people" />
            </Button>
          </div>
        )}
      </div>
      {person ? (
        <PersonPage id={person} />
      ) : (
        <Tabs
          selectedKey={tab}
          onSelectionChange={(key) => {
            location.hash = href('people', key === 'directory' ? {} : { tab: String(key) });
          }}
        >
          <TabList aria-label={intl.formatMessage({ id: 'people.view.tabs', defaultMessage: 'People views' })}>
            <Tab id="directory">
              <FormattedMessage id="people.view.directory" defaultMessage="Directory" />
            </Tab>
            <Tab id="chart">
              <FormattedMessage id="people.view.chart" defaultMessage="Organization chart" />
            </Tab>
            {isAdmin ? (
              <Tab id="departments">
                <FormattedMessage id="people.view.departments" defaultMessage="Departments" />
              </Tab>
            ) : null}
          </TabList>
          <TabPanel id="directory">
            <Directory isAdmin={isAdmin} />
          </TabPanel>
          <TabPanel id="chart">
            <OrgChart />
          </TabPanel>
          {isAdmin ? (
            <TabPanel id="departments">
              <DepartmentsPanel />
            </TabPanel>
          ) : null}
        </Tabs>
      )}
      {dialog === 'add' && <PersonDialog person={null} onClose={() => setDialog(null)} />}
      {dialog === 'import' && <ImportDialog onClose={() => setDialog(null)} />}
    </section>
  );
}
