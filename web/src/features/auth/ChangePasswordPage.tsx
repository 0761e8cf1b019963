import { changePasswordCall, changePasswordError, logoutCall, messages } from '@compass/shared';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { forgetSession, usePermissions } from '../../api/auth';
import { callApi, sendCall } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { FieldError } from '../../components/FieldError';
import { InputField } from '../../components/FormField';
import { clearStorage } from '../../lib/storage';
import { usePageTitle } from '../../shell/pageTitle';

/** /change-password (guarded). After a successful change the user is signed out. */
export function ChangePasswordPage() {
  usePageTitle('Change Password');
  const navigate = useNavigate();
  const permissions = usePermissions();
  const forced = permissions.data?.isForceUpdatePassword === 'yes';
  // An account's first sign-in with the password it was given is welcomed, not told it expired.
  const welcome = forced && permissions.data?.isInitialPassword === 'yes';
  const errorId = useId();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const message = changePasswordError({ currentPassword, password, confirmPassword });
    setError(message);
    if (message) return;
    setPending(true);
    try {
      const result = await sendCall(changePasswordCall, {
        body: { currentPassword, password, confirmPassword },
      });
      toast.success(result.message);
      await callApi(logoutCall, {}, { authRedirect: false }).catch(() => undefined);
      forgetSession();
      clearStorage();
      navigate('/login', { replace: true });
    } catch (failure) {
      notifyError(failure);
      setPending(false);
    }
  }

  const clear = () => setError(null);

  return (
    <div className="card" style={{ maxWidth: 560 }}>
      <div className="card-header">
        <div>
          <h2 className="card-title">{welcome ? 'Choose your password' : 'Change your password'}</h2>
          <p className="text-sm text-secondary">
            Use at least 8 characters with a lowercase letter, an uppercase letter, a number and one of
            @$#!%*?&amp;.
          </p>
        </div>
      </div>
      <form className="card-body stack-lg" onSubmit={(event) => void submit(event)} noValidate>
        {welcome ? (
          <div className="alert alert-info" role="status">
            <KeyRound size={18} aria-hidden="true" />
            <span>{messages.changePassword.welcomeBanner(permissions.data!.companyName)}</span>
          </div>
        ) : (
          forced && (
            <div className="alert alert-warning" role="alert">
              <TriangleAlert size={18} aria-hidden="true" />
              <span>{messages.changePassword.expiredBanner}</span>
            </div>
          )
        )}
        <InputField
          label="Current password"
          describedBy={error ? errorId : undefined}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onValueChange={(value) => {
            setCurrentPassword(value);
            clear();
          }}
        />
        <InputField
          label="New password"
          describedBy={error ? errorId : undefined}
          type="password"
          autoComplete="new-password"
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            clear();
          }}
        />
        <InputField
          label="Confirm new password"
          describedBy={error ? errorId : undefined}
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onValueChange={(value) => {
            setConfirmPassword(value);
            clear();
          }}
        />
        <FieldError id={errorId} message={error} />
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="primary" loading={pending}>
            Change Password
          </Button>
        </div>
      </form>
    </div>
  );
}
