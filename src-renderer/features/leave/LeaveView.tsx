import { Tab, TabList, TabPanel, Tabs } from '@renderer/components/ui';
import { useAppStore } from '@renderer/state/appStore';
import { href, useRoute } from '@renderer/state/route';
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
  const { params } = useRoute();
  const roles = useAppStore((s) => s.account?.roles ?? []);
  const admin = roles.includes('ADMIN');
  const oversees = admin || roles.includes('MANAGER');
  const asked = params.get('tab');
  const tab: LeaveTab = oversees && asked === 'balances' ? 'balances' : admin && asked === 'policy' ? 'policy' : 'mine';
  return (
    <section aria-labelledby="leave-title">
      <div className="view-head">
        <h1 id="leave-title">Leave</h1>
      </div>
      {oversees ? (
        <Tabs
          selectedKey={tab}
          onSelectionChange={(key) => {
            location.hash = href('leave', key === 'mine' ? {} : { tab: String(key) });
          }}
        >
          <TabList aria-label="Leave">
            <Tab id="mine">My leave</Tab>
            <Tab id="balances">{admin ? 'Balances' : 'Team balances'}</Tab>
            {admin && <Tab id="policy">Leave policy</Tab>}
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
