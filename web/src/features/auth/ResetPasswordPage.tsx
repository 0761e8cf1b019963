import { resetPasswordCall, resetPasswordError } from '@compass/shared';
import { ArrowLeft } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { sendCall } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { FieldError } from '../../components/FieldError';
import { PasswordInput } from '../../components/PasswordInput';
import { usePageTitle } from '../../shell/pageTitle';
import { AuthLayout } from './AuthLayout';

/** /reset-password/:token: sets a new password from an e-mailed link. */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const passwordId = useId();
  const confirmId = useId();
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
        <div className="field">
          <label className="field-label" htmlFor={passwordId}>
            New password
          </label>
          <PasswordInput
            id={passwordId}
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={confirmId}>
            Confirm password
          </label>
          <PasswordInput
            id={confirmId}
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => {
              setConfirmPassword(event.target.value);
              setError(null);
            }}
            aria-describedby={error ? errorId : undefined}
          />
          <FieldError id={errorId} message={error} />
        </div>
        <Button type="submit" variant="primary" size="lg" block loading={pending}>
          Reset Password
        </Button>
      </form>
      <Link to="/login" className="auth-back">
        <ArrowLeft size={16} aria-hidden="true" />
        Back to sign in
      </Link>
    </AuthLayout>
  );
}
