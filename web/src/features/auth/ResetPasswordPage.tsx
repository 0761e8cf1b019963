import { resetPasswordCall, resetPasswordError } from '@compass/shared';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { sendCall } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { FieldError } from '../../components/FieldError';
import { InputField } from '../../components/FormField';
import { usePageTitle } from '../../shell/pageTitle';
import { AuthLayout, BackToSignIn } from './AuthLayout';

/** /reset-password/:token: sets a new password from an e-mailed link. */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const { token = '' } = useParams();
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
    <AuthLayout title="Reset your password" subtitle="Choose a new password of at least 8 characters.">
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
          Reset Password
        </Button>
      </form>
      <BackToSignIn to="/login" />
    </AuthLayout>
  );
}
