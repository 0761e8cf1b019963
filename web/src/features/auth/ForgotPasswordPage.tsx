import { forgotPasswordCall, messages } from '@compass/shared';
import { useState, type FormEvent } from 'react';
import { sendCall } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { InputField } from '../../components/FormField';
import { usePageTitle } from '../../shell/pageTitle';
import { AuthLayout, AuthResult, BackToSignIn } from './AuthLayout';

/** /forgot-password: asks the server to e-mail a reset link. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
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
        <InputField
          label="Username or email address"
          error={error}
          autoComplete="username"
          autoCapitalize="none"
          autoFocus
          value={username}
          onValueChange={(value) => {
            setUsername(value);
            setError(null);
          }}
        />
        <Button type="submit" variant="primary" size="lg" block loading={pending}>
          Send reset link
        </Button>
      </form>
      <BackToSignIn to="/login" />
    </AuthLayout>
  );
}
