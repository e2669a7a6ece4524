import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { CHEVRON } from '@renderer/components/ui/marks';
import { useAppStore } from '@renderer/state/appStore';
import { useBridge } from '@renderer/state/bridgeContext';
import './session.css';

const MESSAGES = {
  button: defineMessage<{ name: string }>({ id: 'account.button', defaultMessage: '{name}, account' }),
  menu: defineMessage({ id: 'account.menu', defaultMessage: 'Account' }),
  switchTo: defineMessage<{ name: string }>({ id: 'account.switchTo', defaultMessage: 'Switch to {name}' }),
  changePassword: defineMessage({ id: 'account.changePassword', defaultMessage: 'Change password' }),
  mailPreferences: defineMessage({ id: 'account.mailPreferences', defaultMessage: 'E-mail notifications' }),
  language: defineMessage({ id: 'account.language', defaultMessage: 'Language' }),
  signOut: defineMessage({ id: 'account.signOut', defaultMessage: 'Sign out' }),
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/**
 * The signed-in person as a compact button (their initials), opening a menu: who it is, a switch to
 * another account kept on this computer, and sign-out. One control where a select and a button
 * took a line of their own once the header filled up.
 */
export function AccountMenu({
  onSignOut,
  onChangePassword,
  onMailPreferences,
  onLanguage,
}: {
  onSignOut: () => void;
  onChangePassword: () => void;
  onMailPreferences: () => void;
  onLanguage: () => void;
}) {
  const bridge = useBridge();
  const intl = useIntl();
  const account = useAppStore((s) => s.account);
  const accounts = useAppStore((s) => s.accounts);
  if (!account) return null;
  const others = accounts.filter((a) => a.id !== account.id && a.signedIn);
  return (
    <MenuTrigger>
      <Button
        className="button quiet session-account-button"
        aria-label={intl.formatMessage(MESSAGES.button, { name: account.name })}
      >
        <span className="session-avatar" aria-hidden="true">
          {initials(account.name)}
        </span>
        <span className="session-account-name">{account.name.split(/\s+/)[0]}</span>
        <span aria-hidden="true">{CHEVRON}</span>
      </Button>
      <Popover className="popover account-popover" placement="bottom end">
        <Menu
          className="menu"
          aria-label={intl.formatMessage(MESSAGES.menu)}
          onAction={(key) => {
            if (key === 'sign-out') onSignOut();
            else if (key === 'password') onChangePassword();
            else if (key === 'mail') onMailPreferences();
            else if (key === 'language') onLanguage();
            else void bridge.call('session.open', { accountId: String(key) });
          }}
        >
          <MenuSection>
            <Header className="menu-header">
              <strong>{account.name}</strong>
              <span className="hint">{account.email}</span>
            </Header>
          </MenuSection>
          {others.length > 0 && (
            <MenuSection>
              {others.map((a) => (
                <MenuItem
                  key={a.id}
                  id={a.id}
                  className="menu-item"
                  textValue={intl.formatMessage(MESSAGES.switchTo, { name: a.name })}
                >
                  <FormattedMessage
                    id="account.switchTo.item"
                    defaultMessage="Switch to {name} <hint>({email})</hint>"
                    values={{
                      name: a.name,
                      email: a.email,
                      hint: (chunks) => <span className="hint">{chunks}</span>,
                    }}
                  />
                </MenuItem>
              ))}
            </MenuSection>
          )}
          <Separator className="menu-separator" />
          <MenuItem id="password" className="menu-item" textValue={intl.formatMessage(MESSAGES.changePassword)}>
            {intl.formatMessage(MESSAGES.changePassword)}
          </MenuItem>
          <MenuItem id="mail" className="menu-item" textValue={intl.formatMessage(MESSAGES.mailPreferences)}>
            {intl.formatMessage(MESSAGES.mailPreferences)}
          </MenuItem>
          <MenuItem id="language" className="menu-item" textValue={intl.formatMessage(MESSAGES.language)}>
            {intl.formatMessage(MESSAGES.language)}
          </MenuItem>
          <MenuItem id="sign-out" className="menu-item" textValue={intl.formatMessage(MESSAGES.signOut)}>
            {intl.formatMessage(MESSAGES.signOut)}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
