import { useState, type FormEvent } from 'react';
import { messageOf } from '../bridge/bridge';
import { useBridge } from '../state/bridgeContext';
import { useAppStore } from '../state/appStore';

export function SignInView() {
  const bridge = useBridge();
  const { info, accounts } = useAppStore();
  const [serviceUrl, setServiceUrl] = useState(accounts[0]?.serviceUrl ?? info?.demoServiceUrl ?? '');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await bridge.call('session.signIn', { serviceUrl, email, password });
    } catch (e) {
      setError(messageOf(e));
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  const reopen = async (accountId: string) => {
    setError(null);
    try {
      await bridge.call('session.open', { accountId });
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <main className="sign-in">
      <h1>HR Offline</h1>
      <p className="lead">Leave, trainings and forms that keep working without a network.</p>
      <form onSubmit={(e) => void submit(e)} aria-label="Sign in" noValidate>
        <label>
          Service URL
          <input
            type="url"
            value={serviceUrl}
            onChange={(e) => setServiceUrl(e.target.value)}
            placeholder="https://hr.example.com"
            required
            autoComplete="url"
          />
        </label>
        {info?.demoServiceUrl && serviceUrl !== info.demoServiceUrl && (
          <button type="button" className="link" onClick={() => setServiceUrl(info.demoServiceUrl!)}>
            Use demo organization
          </button>
        )}
        {info?.demoServiceUrl && serviceUrl === info.demoServiceUrl && (
          <p className="hint">
            Demo accounts: admin@acme.test, manager@acme.test, alice@acme.test — password demo1234.
          </p>
        )}
        <label>
          Email
          <input
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
            autoComplete="username"
          />
        </label>
        <label>
          Password
          <input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            autoComplete="current-password"
          />
        </label>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      {accounts.some((a) => a.signedIn) && (
        <section aria-labelledby="remembered">
          <h2 id="remembered">Accounts on this computer</h2>
          <p className="hint">These open from their local copy, even offline.</p>
          <ul className="accounts">
            {accounts
              .filter((a) => a.signedIn)
              .map((a) => (
                <li key={a.id}>
                  <button type="button" onClick={() => void reopen(a.id)}>
                    Open {a.name} ({a.email})
                  </button>
                </li>
              ))}
          </ul>
        </section>
      )}
    </main>
  );
}
