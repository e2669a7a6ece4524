import { Tab, TabList, TabPanel, Tabs } from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { href, useRoute } from '@renderer/state/route';
import { FormattedMessage, useIntl } from 'react-intl';
import { VIEW_MESSAGES } from '@shared/i18n/viewMessages';
import { LeavePolicyPanel } from './LeavePolicyPanel';
import { MyLeave } from './MyLeave';
import { TeamBalances } from './TeamBalances';
import './leave.css';

type LeaveTab = 'mine' | 'balances' | 'policy';

/**
 * Leave: my requests and balance; for a manager also the team's balances, for an admin everyone's
 * and the leave policy. The tab is in the address, so a person's balance is a link.
 */
export function LeaveView() {
  const intl = useIntl();
  const { params } = useRoute();
  const roles = useAppStore((s) => s.account?.roles ?? []);
  const admin = roles.includes('ADMIN');
  const oversees = admin || roles.includes('MANAGER');
  const asked = params.get('tab');
  const tab: LeaveTab = oversees && asked === 'balances' ? 'balances' : admin && asked === 'policy' ? 'policy' : 'mine';
  return (
    <section aria-labelledby="leave-title">
      <div className="view-head">
        <h1 id="leave-title">{intl.formatMessage(VIEW_MESSAGES.leave)}</h1>
      </div>
      {oversees ? (
        <Tabs
          selectedKey={tab}
          onSelectionChange={(key) => {
            location.hash = href('leave', key === 'mine' ? {} : { tab: String(key) });
          }}
        >
          <TabList aria-label={intl.formatMessage(VIEW_MESSAGES.leave)}>
            <Tab id="mine">
              <FormattedMessage id="leave.tab.mine" defaultMessage="My leave" />
            </Tab>
            <Tab id="balances">
              {admin ? (
                <FormattedMessage id="leave.tab.balances" defaultMessage="Balances" />
              ) : (
                <FormattedMessage id="leave.tab.teamBalances" defaultMessage="Team balances" />
              )}
            </Tab>
            {admin && (
              <Tab id="policy">
                <FormattedMessage id="leave.tab.policy" defaultMessage="Leave policy" />
              </Tab>
            )}
          </TabList>
          <TabPanel id="mine">
            <MyLeave />
          </TabPanel>
          <TabPanel id="balances">
            <TeamBalances person={params.get('person')} />
          </TabPanel>
          {admin && (
            <TabPanel id="policy">
              <LeavePolicyPanel />
            </TabPanel>
          )}
        </Tabs>
      ) : (
        <MyLeave />
      )}
    </section>
  );
}
