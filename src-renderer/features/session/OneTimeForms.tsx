import { useState, type FormEvent } from 'react';
import { defineMessage, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@renderer/components/ui/Button';
import { TextField } from '@renderer/components/ui/TextField';
import { useAppAction } from '@renderer/state/useAppAction';

// What the sign-in page offers besides a password: joining with an invitation, asking for a reset
// link, and a new password with that link. Each needs the service; a link pasted whole also gives
// the organization's address.

type Kind = 'join' | 'reset';

/** The sign-in page's words: few, as they come with the page's first chunk (one message for both forms' each). */
export const SIGN_IN_MESSAGES = {
  email: defineMessage({ id: 'session.email', defaultMessage: 'Email' }),
  linkTitle: defineMessage<{ kind: Kind }>({
    id: 'session.link.title',
    defaultMessage: '{kind, select, join {Join with an invitation} other {Choose a new password}}',
  }),
  linkLabel: defineMessage<{ kind: Kind }>({
    id: 'session.link.label',
    defaultMessage: '{kind, select, join {Invitation link or code} other {Reset link or code}}',
  }),
  linkDescription: defineMessage<{ kind: Kind }>({
    id: 'session.link.description',
    defaultMessage:
      '{kind, select, join {Paste the link from your invitation; a code alone joins the organization address above} other {Paste the link from the email}}',
  }),
  linkSubmit: defineMessage<{ kind: Kind }>({
    id: 'session.link.submit',
    defaultMessage: '{kind, select, join {Join and sign in} other {Save and sign in}}',
  }),
  newPassword: defineMessage({ id: 'session.newPassword', defaultMessage: 'Choose a password' }),
  newPasswordHelp: defineMessage({
    id: 'session.newPassword.description',
    defaultMessage: 'At least 8 characters, and not a common one: a few words you will remember work well',
  }),
  forgot: defineMessage({ id: 'session.forgot.form', defaultMessage: 'Forgot password' }),
};

/** The end of the service's answer to "Send the link" (a sentence without its stop). */
const FULL_STOP = '.';

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
  const intl = useIntl();
  return (
    <TextField
      label={intl.formatMessage(SIGN_IN_MESSAGES.newPassword)}
      type="password"
      value={value}
      onChange={onChange}
      isRequired
      autoComplete="new-password"
      description={intl.formatMessage(SIGN_IN_MESSAGES.newPasswordHelp)}
      error={error}
    />
  );
}

function BackToSignIn({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="link" onPress={onBack}>
      <FormattedMessage id="session.backToSignIn" defaultMessage="Back to sign in" />
    </Button>
  );
}

/** The field a link's token is refused under, as the service names it. */
const LINK_FIELD: Record<Kind, string> = { join: 'invitation', reset: 'link' };

/** A one-time link and a password chosen with it: joining with an invitation, or a forgotten password reset. */
export function LinkForm({ kind, serviceUrl, onBack }: FormProps & { kind: Kind }) {
  const intl = useIntl();
  const title = intl.formatMessage(SIGN_IN_MESSAGES.linkTitle, { kind });
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
    <form onSubmit={submit} aria-label={title} noValidate>
      <h2>{title}</h2>
      <TextField
        label={intl.formatMessage(SIGN_IN_MESSAGES.linkLabel, { kind })}
        value={link}
        onChange={setLink}
        isRequired
        description={intl.formatMessage(SIGN_IN_MESSAGES.linkDescription, { kind })}
        error={action.fieldErrors[LINK_FIELD[kind]] ?? action.fieldErrors['token']}
      />
      <NewPassword value={password} onChange={setPassword} error={action.fieldErrors['password']} />
      <Failure error={action.error} fields={action.fieldErrors} />
      <div className="actions">
        <Button type="submit" variant="primary" isPending={action.pending}>
          {intl.formatMessage(SIGN_IN_MESSAGES.linkSubmit, { kind })}
        </Button>
        <BackToSignIn onBack={onBack} />
      </div>
    </form>
  );
}

export function ForgotForm({ serviceUrl, onBack, onHaveLink }: FormProps & { onHaveLink: () => void }) {
  const intl = useIntl();
  const [email, setEmail] = useState('');
  const forgot = useAppAction('session.forgotPassword');
  const [sent, setSent] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void forgot.run({ serviceUrl, email }).then((answer) => answer && setSent(answer.message));
  };
  return (
    <form onSubmit={submit} aria-label={intl.formatMessage(SIGN_IN_MESSAGES.forgot)} noValidate>
      <h2>
        <FormattedMessage id="session.forgot.title" defaultMessage="Forgot your password?" />
      </h2>
      <p className="hint">
        <FormattedMessage
          id="session.forgot.hint"
          defaultMessage="We send a link to choose a new one. It works once, for an hour."
        />
      </p>
      <TextField
        label={intl.formatMessage(SIGN_IN_MESSAGES.email)}
        type="email"
        value={email}
        onChange={setEmail}
        isRequired
        autoComplete="username"
        error={forgot.fieldErrors['email']}
      />
      {sent && (
        <p role="status" className="hint">
          {sent}
          {FULL_STOP}
        </p>
      )}
      <Failure error={forgot.error} fields={forgot.fieldErrors} />
      <div className="actions">
        <Button type="submit" variant="primary" isPending={forgot.pending}>
          <FormattedMessage id="session.forgot.send" defaultMessage="Send the link" />
        </Button>
        <Button variant="link" onPress={onHaveLink}>
          <FormattedMessage id="session.forgot.haveLink" defaultMessage="I have a link" />
        </Button>
        <BackToSignIn onBack={onBack} />
      </div>
    </form>
  );
}
