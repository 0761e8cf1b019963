import { resetPasswordCall, resetPasswordError } from '@compass/shared';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { sendCall } from '../../api/client';
import { ApiError } from '../../api/errors';
import { Button } from '../../components/Button';
import { PageSpinner } from '../../components/Spinner';
import { FieldError } from '../../components/FieldError';
import { usePageTitle } from '../../shell/pageTitle';
import { usePasswordLink } from './api';
import { AuthLayout, BackToSignIn } from './AuthLayout';
import { NewPasswordFields, useAuthSubmit, type NewPassword } from './parts';

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
  const [fresh, setFresh] = useState<NewPassword>({ password: '', confirmPassword: '' });
  const form = useAuthSubmit({
    validate: () => resetPasswordError(fresh.password, fresh.confirmPassword),
    send: async () => {
      const result = await sendCall(
        resetPasswordCall,
        { body: { token, ...fresh } },
        { authRedirect: false },
      );
      toast.success(result.message);
      navigate('/login', { replace: true });
    },
  });

  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <form className="auth-form" onSubmit={form.onSubmit} noValidate>
        <NewPasswordFields
          value={fresh}
          onChange={form.edit(setFresh)}
          confirmLabel="Confirm password"
          describedBy={form.describedBy}
          autoFocus
        />
        <FieldError id={form.errorId} message={form.error} />
        <Button type="submit" variant="primary" size="lg" block loading={form.pending}>
          {submitLabel}
        </Button>
      </form>
      <BackToSignIn to="/login" />
    </AuthLayout>
  );
}
