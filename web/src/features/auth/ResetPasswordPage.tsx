import { resetPasswordCall, resetPasswordError } from '@compass/shared';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { sendCall } from '../../api/client';
import { ApiError, notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { PageSpinner } from '../../components/Spinner';
import { FieldError } from '../../components/FieldError';
import { InputField } from '../../components/FormField';
import { usePageTitle } from '../../shell/pageTitle';
import { usePasswordLink } from './api';
import { AuthLayout, BackToSignIn } from './AuthLayout';

/**
 * /reset-password/:token and /external-parties-account-activate/:token: sets a password from an
 * e-mailed link, a forgot-password reset or the invitation to a new account (greeted by name).
 */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const link = usePasswordLink(token);
  const invitation = link.data?.purpose === 'invitation';
  usePageTitle(invitation ? 'Set your password' : 'Reset password');
  if (link.isPending) return <PageSpinner />;
  if (link.isError) {
    const message = link.error instanceof ApiError ? link.error.message : 'The link could not be checked.';
    return (
      <AuthLayout title="This link cannot be used">
        <div className="alert alert-danger" role="alert">
          {message}
        </div>
        <BackToSignIn to="/login" />
      </AuthLayout>
    );
  }
  return invitation ? (
    <PasswordForm
      token={token}
      title="Set your password"
      subtitle={`Welcome, ${link.data.name}. Choose a password of at least 8 characters for your ${link.data.companyName} account "${link.data.username}".`}
      submitLabel="Set Password"
    />
  ) : (
    <PasswordForm
      token={token}
      title="Reset your password"
      subtitle="Choose a new password of at least 8 characters."
      submitLabel="Reset Password"
    />
  );
}

function PasswordForm({
  token,
  title,
  subtitle,
  submitLabel,
}: {
  token: string;
  title: string;
  subtitle: string;
  submitLabel: string;
}) {
  const navigate = useNavigate();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const message = resetPasswordError(password, confirmPassword);
    setError(message);
    if (message) return;
    setPending(true);
    try {
      const result = await sendCall(
        resetPasswordCall,
        { body: { token, password, confirmPassword } },
        { authRedirect: false },
      );
      toast.success(result.message);
      navigate('/login', { replace: true });
    } catch (failure) {
      notifyError(failure);
      setPending(false);
    }
  }

  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate>
        <InputField
          label="New password"
          describedBy={error ? errorId : undefined}
          type="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            setError(null);
          }}
        />
        <InputField
          label="Confirm password"
          describedBy={error ? errorId : undefined}
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onValueChange={(value) => {
            setConfirmPassword(value);
            setError(null);
          }}
        />
        <FieldError id={errorId} message={error} />
        <Button type="submit" variant="primary" size="lg" block loading={pending}>
          {submitLabel}
        </Button>
      </form>
      <BackToSignIn to="/login" />
    </AuthLayout>
  );
}
