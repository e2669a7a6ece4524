import { Button, Select } from '../../components/ui';
import { useAppStore } from '../../state/appStore';
import { useBridge } from '../../state/bridgeContext';
import './session.css';

/** The signed-in account, a switch to another kept on this computer, and sign-out. */
export function AccountMenu({ onSignOut }: { onSignOut: () => void }) {
  const bridge = useBridge();
  const account = useAppStore((s) => s.account);
  const accounts = useAppStore((s) => s.accounts);
  const items = [
    ...(account ? [{ id: account.id, name: account.name }] : []),
    ...accounts
      .filter((a) => a.id !== account?.id && a.signedIn)
      .map((a) => ({ id: a.id, name: `${a.name} (${a.email})` })),
  ];
  return (
    <div className="account">
      <Select
        label="Switch account"
        className="account-select"
        items={items}
        value={account?.id ?? ''}
        onChange={(accountId) =>
          accountId && accountId !== account?.id && void bridge.call('session.open', { accountId })
        }
      />
      <Button onPress={onSignOut}>Sign out</Button>
    </div>
  );
}
