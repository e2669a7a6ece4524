import { defineMessage } from '@formatjs/intl';

// The desktop shell's words (application menu, tray), in the app's catalogs: the shell is read in
// the page's language.
export const SHELL_MESSAGES = {
  syncNow: defineMessage({ id: 'shell.syncNow', defaultMessage: 'Sync Now' }),
  workOffline: defineMessage({ id: 'shell.workOffline', defaultMessage: 'Work Offline' }),
  signOut: defineMessage({ id: 'shell.signOut', defaultMessage: 'Sign Out' }),
  about: defineMessage({ id: 'shell.about', defaultMessage: 'About HR Offline' }),
  quit: defineMessage<{ mac: string }>({
    id: 'shell.quit',
    defaultMessage: '{mac, select, yes {Quit HR Offline} other {Quit}}',
  }),
  file: defineMessage({ id: 'shell.file', defaultMessage: 'File' }),
  view: defineMessage({ id: 'shell.view', defaultMessage: 'View' }),
  theme: defineMessage({ id: 'shell.theme', defaultMessage: 'Theme' }),
  themeName: defineMessage<{ theme: string }>({
    id: 'shell.themeName',
    defaultMessage: '{theme, select, light {Light} dark {Dark} other {As the System}}',
  }),
  help: defineMessage({ id: 'shell.help', defaultMessage: 'Help' }),
  openLogs: defineMessage({ id: 'shell.openLogs', defaultMessage: 'Open Logs Folder' }),
  show: defineMessage({ id: 'shell.show', defaultMessage: 'Show HR Offline' }),
  unread: defineMessage<{ count: number }>({
    id: 'shell.unread',
    defaultMessage: '{count, plural, one {# unread notification} other {# unread notifications}}',
  }),
  notSignedIn: defineMessage({ id: 'shell.notSignedIn', defaultMessage: 'Not signed in' }),
  waiting: defineMessage<{ count: number }>({
    id: 'shell.waiting',
    defaultMessage: '{count, plural, one {# change waiting to sync} other {# changes waiting to sync}}',
  }),
  manyNew: defineMessage<{ count: number }>({ id: 'shell.manyNew', defaultMessage: '{count} new notifications' }),
  everythingSent: defineMessage({ id: 'shell.everythingSent', defaultMessage: 'Everything sent' }),
  tooltipNotSignedIn: defineMessage({ id: 'shell.tooltip.notSignedIn', defaultMessage: 'HR Offline: not signed in' }),
  tooltip: defineMessage<{ unread: number; pending: number; offline: string }>({
    id: 'shell.tooltip',
    defaultMessage:
      'HR Offline: {unread, plural, one {# unread notification} other {# unread notifications}}, {pending, plural, =0 {everything sent} one {# change waiting to sync} other {# changes waiting to sync}}{offline, select, yes {, working offline} other {}}',
  }),
};
