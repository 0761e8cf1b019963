import { messages, updateUsernameCall, updateUsernameError } from '@compass/shared';
import { useState, type FormEvent } from 'react';
import { usePermissions } from '../../api/auth';
import { sendCall } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { InputField } from '../../components/FormField';
import { usePageTitle } from '../../shell/pageTitle';
import { AuthLayout, AuthResult, BackToSignIn } from './AuthLayout';

/**
 * /update-username: an external-party user signed in with SSO whose username is not an e-mail
 * address gives one here before going on.
 */
export function UpdateUsernamePage() {
  usePageTitle(messages.updateUsername.title);
  const permissions = usePermissions();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const message = updateUsernameError(email);
    setError(message);
    if (message) return;
    setPending(true);
    try {
      const profile = permissions.data;
      const response = await sendCall(updateUsernameCall, {
        body: {
          userType: profile?.userType ?? null,
          supplierId: profile?.supplierId ?? null,
          personnelId: profile?.personnelId ?? null,
          email: email.trim(),
        },
      });
      setResult(response.message);
    } catch (failure) {
      notifyError(failure);
    } finally {
      setPending(false);
    }
  }

  if (result !== null) {
    return <AuthResult title={messages.updateUsername.title} message={result} backTo="/logout" />;
  }

  return (
    <AuthLayout
      title={messages.updateUsername.title}
      subtitle="Your username must be an e-mail address. Enter the address you want to sign in with."
    >
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <InputField
          label="Email address"
          error={error}
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            setError(null);
          }}
        />
        <Button type="submit" variant="primary" size="lg" block loading={pending}>
          Send
        </Button>
      </form>
      <BackToSignIn to="/logout" />
    </AuthLayout>
  );
}
