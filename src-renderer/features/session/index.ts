// What the rest of the renderer may use of the session feature.
export { AccountMenu } from './AccountMenu';
export { SignInView } from './SignInView';
export { SignOutDialog } from './SignOutDialog';
export { ClosedAccount } from './ClosedAccount';
export { PasswordDialog } from './PasswordDialog';
export { MailPreferencesDialog } from './MailPreferencesDialog';
export { LanguageDialog } from './LanguageDialog';
