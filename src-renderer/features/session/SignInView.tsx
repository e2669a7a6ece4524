import { useDeferredValue, useState, type FormEvent } from 'react';
import { Button } from '@renderer/components/ui/Button';
import { TextField } from '@renderer/components/ui/TextField';
import { useAppStore } from '@renderer/state/appStore';
import { useBridge } from '@renderer/state/bridgeContext';
import { useAppAction } from '@renderer/state/useAppAction';
import { useAppQuery } from '@renderer/state/useAppQuery';
import { ForgotForm, LinkForm } from './OneTimeForms';
import './session.css';

export function SignInView() {
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
      <h1>HR Offline</h1>
      <p className="session-lead">Leave, trainings and forms that keep working without a network.</p>
      <TextField
        label="Organization address"
        type="url"
        value={serviceUrl}
        onChange={setServiceUrl}
        placeholder="https://acme.hr.example"
        description="Your organization's HR address, as in your invitation"
        isRequired
        autoComplete="url"
        error={signIn.fieldErrors['serviceUrl']}
      />
      {mode === 'join' && <LinkForm kind="join" serviceUrl={serviceUrl} onBack={back} />}
      {mode === 'forgot' && <ForgotForm serviceUrl={serviceUrl} onBack={back} onHaveLink={() => setMode('reset')} />}
      {mode === 'reset' && <LinkForm kind="reset" serviceUrl={serviceUrl} onBack={back} />}
      {mode === 'signIn' && (
        <form onSubmit={(e) => void submit(e)} aria-label="Sign in" noValidate>
          {info?.demoServiceUrl && serviceUrl !== info.demoServiceUrl && (
            <Button variant="link" onPress={() => setServiceUrl(info.demoServiceUrl!)}>
              Use demo organization
            </Button>
          )}
          {info?.demoServiceUrl && serviceUrl === info.demoServiceUrl && (
            <p className="hint">
              Demo accounts: admin@acme.test, manager@acme.test, alice@acme.test — password demo1234.
            </p>
          )}
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={setEmail}
            isRequired
            autoComplete="username"
            error={signIn.fieldErrors['email']}
          />
          <TextField
            label="Password"
            type="password"
            value={password}
            onChange={setPassword}
            isRequired
            autoComplete="current-password"
            error={signIn.fieldErrors['password']}
          />
          {fresh.data?.protectedAtRest === false && (
            <p className="hint" role="note">
              This computer has no keychain the app can use, so your data cannot be protected on it: the local copy is
              kept for this session only and fetched again after a restart, and changes not sent when you quit are lost.
            </p>
          )}
          {workingOffline && (
            <p className="hint" role="note">
              You are working offline: signing in needs the network. Accounts on this computer open without it.{' '}
              <Button variant="link" onPress={() => void workOnline()}>
                Turn Work offline off
              </Button>
            </p>
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <Button type="submit" variant="primary" isPending={signIn.pending}>
            {signIn.pending ? 'Signing in…' : 'Sign in'}
          </Button>
          <p className="session-more">
            {mails && (
              <Button variant="link" onPress={() => setMode('forgot')}>
                Forgot password?
              </Button>
            )}
            <Button variant="link" onPress={() => setMode('join')}>
              Join with an invitation
            </Button>
          </p>
        </form>
      )}
      {kept.length > 0 && (
        <section aria-labelledby="remembered">
          <h2 id="remembered">Accounts on this computer</h2>
          <p className="hint">These open from their local copy, even offline.</p>
          <ul className="session-accounts">
            {kept.map((a) => (
              <li key={a.id}>
                <Button
                  onPress={() => {
                    signIn.reset();
                    void reopen.run({ accountId: a.id });
                  }}
                >
                  Open {a.name} ({a.email})
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
