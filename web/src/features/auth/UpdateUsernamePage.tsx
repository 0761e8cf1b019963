import { messages, updateUsernameCall, updateUsernameError } from '@compass/shared';
import { useState } from 'react';
import { usePermissions } from '../../api/auth';
import { sendCall } from '../../api/client';
import { Button } from '../../components/Button';
import { InputField } from '../../components/FormField';
import { usePageTitle } from '../../shell/pageTitle';
import { AuthLayout, AuthResult, BackToSignIn } from './AuthLayout';
import { useAuthSubmit } from './parts';

/**
 * /update-username: an external-party user signed in with SSO whose username is not an e-mail
 * address gives one here before going on.
 */
export function UpdateUsernamePage() {
  usePageTitle(messages.updateUsername.title);
  const permissions = usePermissions();
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const form = useAuthSubmit({
    validate: () => updateUsernameError(email),
    send: async () => {
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
    },
  });

  if (result !== null) {
    return <AuthResult title={messages.updateUsername.title} message={result} backTo="/logout" />;
  }

  return (
    <AuthLayout
      title={messages.updateUsername.title}
      subtitle="Your username must be an e-mail address. Enter the address you want to sign in with."
    >
      <form className="auth-form" onSubmit={form.onSubmit} noValidate>
        <InputField
          label="Email address"
          error={form.error}
          type="email"
          autoComplete="email"
          autoFocus
          value={email}
          onValueChange={form.edit(setEmail)}
        />
        <Button type="submit" variant="primary" size="lg" block loading={form.pending}>
          Send
        </Button>
      </form>
      <BackToSignIn to="/logout" />
    </AuthLayout>
  );
}
