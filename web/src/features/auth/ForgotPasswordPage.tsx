import { forgotPasswordCall, messages } from '@compass/shared';
import { ArrowLeft } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { sendCall } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { FieldError } from '../../components/FieldError';
import { usePageTitle } from '../../shell/pageTitle';
import { AuthLayout, AuthResult } from './AuthLayout';

/** /forgot-password: asks the server to e-mail a reset link. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const inputId = useId();
  const errorId = useId();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const value = username.trim();
    if (!value) {
      setError(messages.forgotPassword.usernameRequired);
      return;
    }
    setError(null);
    setPending(true);
    try {
      const response = await sendCall(forgotPasswordCall, { body: { username: value } });
      setResult(response.message);
    } catch (failure) {
      notifyError(failure);
    } finally {
      setPending(false);
    }
  }

  if (result !== null) {
    return <AuthResult title="Check your inbox" message={result} backTo="/login" />;
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your registered username or e-mail address and we will send you a link to reset it."
    >
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={inputId}>
            Username or email address
          </label>
          <input
            id={inputId}
            className="input"
            autoComplete="username"
            autoCapitalize="none"
            autoFocus
            value={username}
            onChange={(event) => {
              setUsername(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <FieldError id={errorId} message={error} />
        </div>
        <Button type="submit" variant="primary" size="lg" block loading={pending}>
          Send reset link
        </Button>
      </form>
      <Link to="/login" className="auth-back">
        <ArrowLeft size={16} aria-hidden="true" />
        Back to sign in
      </Link>
    </AuthLayout>
  );
}
