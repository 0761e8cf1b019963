import { forgotPasswordCall, messages } from '@compass/shared';
import { useState } from 'react';
import { sendCall } from '../../api/client';
import { Button } from '../../components/Button';
import { InputField } from '../../components/FormField';
import { usePageTitle } from '../../shell/pageTitle';
import { AuthLayout, AuthResult, BackToSignIn } from './AuthLayout';
import { useAuthSubmit } from './parts';

/** /forgot-password: asks the server to e-mail a reset link. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [username, setUsername] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const form = useAuthSubmit({
    validate: () => (username.trim() ? null : messages.forgotPassword.usernameRequired),
    send: async () => {
      const response = await sendCall(forgotPasswordCall, { body: { username: username.trim() } });
      setResult(response.message);
    },
  });

  if (result !== null) {
    return <AuthResult title="Check your inbox" message={result} backTo="/login" />;
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter your registered username or e-mail address and we will send you a link to reset it."
    >
      <form className="auth-form" onSubmit={form.onSubmit} noValidate>
        <InputField
          label="Username or email address"
          error={form.error}
          autoComplete="username"
          autoCapitalize="none"
          autoFocus
          value={username}
          onValueChange={form.edit(setUsername)}
        />
        <Button type="submit" variant="primary" size="lg" block loading={form.pending}>
          Send reset link
        </Button>
      </form>
      <BackToSignIn to="/login" />
    </AuthLayout>
  );
}
