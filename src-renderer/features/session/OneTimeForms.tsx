import { useState, type FormEvent } from 'react';
import { Button } from '@renderer/components/ui/Button';
import { TextField } from '@renderer/components/ui/TextField';
import { useAppAction } from '@renderer/state/useAppAction';

// What the sign-in page offers besides a password: joining with an invitation, asking for a reset
// link, and a new password with that link. Each needs the service; a link pasted whole also gives
// the organization's address.

interface FormProps {
  serviceUrl: string;
  onBack: () => void;
}

/** The refusal as a whole, unless its words already stand beside the fields they concern. */
function Failure({ error, fields }: { error: string | null; fields: Readonly<Record<string, string>> }) {
  return error && Object.keys(fields).length === 0 ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** A password to choose, with what a good one is. */
function NewPassword({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <TextField
      label="Choose a password"
      type="password"
      value={value}
      onChange={onChange}
      isRequired
      autoComplete="new-password"
      description="At least 8 characters, and not a common one: a few words you will remember work well"
      error={error}
    />
  );
}

const LINK_FORMS = {
  join: {
    title: 'Join with an invitation',
    field: 'invitation',
    label: 'Invitation link or code',
    description: 'Paste the link from your invitation; a code alone joins the organization address above',
    submit: 'Join and sign in',
  },
  reset: {
    title: 'Choose a new password',
    field: 'link',
    label: 'Reset link or code',
    description: 'Paste the link from the email',
    submit: 'Save and sign in',
  },
} as const;

/** A one-time link and a password chosen with it: joining with an invitation, or a forgotten password reset. */
export function LinkForm({ kind, serviceUrl, onBack }: FormProps & { kind: keyof typeof LINK_FORMS }) {
  const words = LINK_FORMS[kind];
  const [link, setLink] = useState('');
  const [password, setPassword] = useState('');
  const join = useAppAction('session.join');
  const reset = useAppAction('session.resetPassword');
  const action = kind === 'join' ? join : reset;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (kind === 'join'
      ? join.run({ serviceUrl, invitation: link, password })
      : reset.run({ serviceUrl, link, password }));
  };
  return (
    <form onSubmit={submit} aria-label={words.title} noValidate>
      <h2>{words.title}</h2>
      <TextField
        label={words.label}
        value={link}
        onChange={setLink}
        isRequired
        description={words.description}
        error={action.fieldErrors[words.field] ?? action.fieldErrors['token']}
      />
      <NewPassword value={password} onChange={setPassword} error={action.fieldErrors['password']} />
      <Failure error={action.error} fields={action.fieldErrors} />
      <div className="actions">
        <Button type="submit" variant="primary" isPending={action.pending}>
          {words.submit}
        </Button>
        <Button variant="link" onPress={onBack}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}

export function ForgotForm({ serviceUrl, onBack, onHaveLink }: FormProps & { onHaveLink: () => void }) {
  const [email, setEmail] = useState('');
  const forgot = useAppAction('session.forgotPassword');
  const [sent, setSent] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void forgot.run({ serviceUrl, email }).then((answer) => answer && setSent(answer.message));
  };
  return (
    <form onSubmit={submit} aria-label="Forgot password" noValidate>
      <h2>Forgot your password?</h2>
      <p className="hint">We send a link to choose a new one. It works once, for an hour.</p>
      <TextField
        label="Email"
        type="email"
        value={email}
        onChange={setEmail}
        isRequired
        autoComplete="username"
        error={forgot.fieldErrors['email']}
      />
      {sent && (
        <p role="status" className="hint">
          {sent}.
        </p>
      )}
      <Failure error={forgot.error} fields={forgot.fieldErrors} />
      <div className="actions">
        <Button type="submit" variant="primary" isPending={forgot.pending}>
          Send the link
        </Button>
        <Button variant="link" onPress={onHaveLink}>
          I have a link
        </Button>
        <Button variant="link" onPress={onBack}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
