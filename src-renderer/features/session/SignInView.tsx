import { useDeferredValue, useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@renderer/components/ui/Button';
import { TextField } from '@renderer/components/ui/TextField';
import { SPACE } from '@renderer/i18n/punctuation';
import { useAppStore } from '@renderer/state/appStore';
import { useBridge } from '@renderer/state/bridgeContext';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { ForgotForm, LinkForm, SIGN_IN_MESSAGES } from './OneTimeForms';
import './session.css';

const MESSAGES = defineMessages({
  address: { id: 'session.signIn.address', defaultMessage: 'Organization address' },
  addressHelp: {
    id: 'session.signIn.address.description',
    defaultMessage: "Your organization's HR address, as in your invitation",
  },
  form: { id: 'session.signIn.form', defaultMessage: 'Sign in' },
  password: { id: 'session.signIn.password', defaultMessage: 'Password' },
  signingIn: { id: 'session.signIn.pending', defaultMessage: 'Signing in…' },
});

/** An address as one is written (no words: the same in every language). */
const ADDRESS_EXAMPLE = 'https://acme.hr.example';
const DEMO_ACCOUNTS = 'admin@acme.test, manager@acme.test, alice@acme.test';
const DEMO_PASSWORD = 'demo1234';

export function SignInView() {
  const intl = useIntl();
  const info = useAppStore((s) => s.info);
  const accounts = useAppStore((s) => s.accounts);
  const [serviceUrl, setServiceUrl] = useState(accounts[0]?.serviceUrl ?? info?.demoServiceUrl ?? '');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [mode, setMode] = useState<'signIn' | 'join' | 'forgot' | 'reset'>('signIn');
  const signIn = useAppAction('session.signIn');
  const reopen = useAppAction('session.open');
  const kept = accounts.filter((a) => a.signedIn);
  const bridge = useBridge();
  // Read afresh: "Work offline" may have been turned on since the app started.
  const fresh = useAppQuery('app.info', undefined);
  const [workedOnline, setWorkedOnline] = useState(false);
  const workingOffline = !workedOnline && !!fresh.data?.workingOffline;
  const workOnline = async () => {
    await bridge.call('sync.workOffline', { on: false });
    setWorkedOnline(true);
    signIn.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    reopen.reset();
    if (!(await signIn.run({ serviceUrl, email, password }))) setPassword('');
  };
  const error = signIn.error ?? reopen.error;
  // "Forgot password?" only where the service mails links.
  const mails = useAppQuery('session.serviceInfo', { serviceUrl: useDeferredValue(serviceUrl) }).data?.mail;
  const back = () => setMode('signIn');

  return (
    <main className="session-sign-in" id="main">
      <h1>
        <FormattedMessage id="frame.brand" defaultMessage="HR Offline" />
      </h1>
      <p className="session-lead">
        <FormattedMessage
          id="session.signIn.lead"
          defaultMessage="Leave, trainings and forms that keep working without a network."
        />
      </p>
      <TextField
        label={intl.formatMessage(MESSAGES.address)}
        type="url"
        value={serviceUrl}
        onChange={setServiceUrl}
        placeholder={ADDRESS_EXAMPLE}
        description={intl.formatMessage(MESSAGES.addressHelp)}
        isRequired
        autoComplete="url"
        error={signIn.fieldErrors['serviceUrl']}
      />
      {mode === 'join' && <LinkForm kind="join" serviceUrl={serviceUrl} onBack={back} />}
      {mode === 'forgot' && <ForgotForm serviceUrl={serviceUrl} onBack={back} onHaveLink={() => setMode('reset')} />}
      {mode === 'reset' && <LinkForm kind="reset" serviceUrl={serviceUrl} onBack={back} />}
      {mode === 'signIn' && (
        <form onSubmit={(e) => void submit(e)} aria-label={intl.formatMessage(MESSAGES.form)} noValidate>
          {info?.demoServiceUrl && serviceUrl !== info.demoServiceUrl && (
            <Button variant="link" onPress={() => setServiceUrl(info.demoServiceUrl!)}>
              <FormattedMessage id="session.signIn.useDemo" defaultMessage="Use demo organization" />
            </Button>
          )}
          {info?.demoServiceUrl && serviceUrl === info.demoServiceUrl && (
            <p className="hint">
              <FormattedMessage
                id="session.signIn.demoAccounts"
                defaultMessage="Demo accounts: {accounts} — password {password}."
                values={{ accounts: DEMO_ACCOUNTS, password: DEMO_PASSWORD }}
              />
            </p>
          )}
          <TextField
            label={intl.formatMessage(SIGN_IN_MESSAGES.email)}
            type="email"
            value={email}
            onChange={setEmail}
            isRequired
            autoComplete="username"
            error={signIn.fieldErrors['email']}
          />
          <TextField
            label={intl.formatMessage(MESSAGES.password)}
            type="password"
            value={password}
            onChange={setPassword}
            isRequired
            autoComplete="current-password"
            error={signIn.fieldErrors['password']}
          />
          {fresh.data?.protectedAtRest === false && (
            <p className="hint" role="note">
              <FormattedMessage
                id="session.signIn.unprotected"
                defaultMessage="This computer has no keychain the app can use, so your data cannot be protected on it: the local copy is kept for this session only and fetched again after a restart, and changes not sent when you quit are lost."
              />
            </p>
          )}
          {workingOffline && (
            <p className="hint" role="note">
              <FormattedMessage
                id="session.signIn.workingOffline"
                defaultMessage="You are working offline: signing in needs the network. Accounts on this computer open without it."
              />
              {SPACE}
              <Button variant="link" onPress={() => void workOnline()}>
                <FormattedMessage id="session.signIn.workOnline" defaultMessage="Turn Work offline off" />
              </Button>
            </p>
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" variant="primary" isPending={signIn.pending}>
            {intl.formatMessage(signIn.pending ? MESSAGES.signingIn : MESSAGES.form)}
          </Button>
          <p className="session-more">
            {mails && (
              <Button variant="link" onPress={() => setMode('forgot')}>
                <FormattedMessage id="session.signIn.forgot" defaultMessage="Forgot password?" />
              </Button>
            )}
            <Button variant="link" onPress={() => setMode('join')}>
              {intl.formatMessage(SIGN_IN_MESSAGES.linkTitle, { kind: 'join' })}
            </Button>
          </p>
        </form>
      )}
      {kept.length > 0 && (
        <section aria-labelledby="remembered">
          <h2 id="remembered">
            <FormattedMessage id="session.signIn.kept" defaultMessage="Accounts on this computer" />
          </h2>
          <p className="hint">
            <FormattedMessage
              id="session.signIn.kept.hint"
              defaultMessage="These open from their local copy, even offline."
            />
          </p>
          <ul className="session-accounts">
            {kept.map((a) => (
              <li key={a.id}>
                <Button
                  onPress={() => {
                    signIn.reset();
                    void reopen.run({ accountId: a.id });
                  }}
                >
                  <FormattedMessage
                    id="session.signIn.open"
                    defaultMessage="Open {name} ({email})"
                    values={{ name: a.name, email: a.email }}
                  />
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
