import { changePasswordCall, changePasswordError, logoutCall, messages } from '@compass/shared';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { forgetSession, usePermissions } from '../../api/auth';
import { callApi, sendCall } from '../../api/client';
import { Button } from '../../components/Button';
import { FieldError } from '../../components/FieldError';
import { InputField } from '../../components/FormField';
import { clearStorage } from '../../lib/storage';
import { usePageTitle } from '../../shell/pageTitle';
import { NewPasswordFields, useAuthSubmit, type NewPassword } from './parts';

/** /change-password (guarded). After a successful change the user is signed out. */
export function ChangePasswordPage() {
  usePageTitle('Change Password');
  const navigate = useNavigate();
  const permissions = usePermissions();
  const forced = permissions.data?.isForceUpdatePassword === 'yes';
  // An account's first sign-in with the password it was given is welcomed, not told it expired.
  const welcome = forced && permissions.data?.isInitialPassword === 'yes';
  const [currentPassword, setCurrentPassword] = useState('');
  const [fresh, setFresh] = useState<NewPassword>({ password: '', confirmPassword: '' });
  const form = useAuthSubmit({
    validate: () => changePasswordError({ currentPassword, ...fresh }),
    send: async () => {
      const result = await sendCall(changePasswordCall, { body: { currentPassword, ...fresh } });
      toast.success(result.message);
      await callApi(logoutCall, {}, { authRedirect: false }).catch(() => undefined);
      forgetSession();
      clearStorage();
      navigate('/login', { replace: true });
    },
  });

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
      <form className="card-body stack-lg" onSubmit={form.onSubmit} noValidate>
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
          describedBy={form.describedBy}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onValueChange={form.edit(setCurrentPassword)}
        />
        <NewPasswordFields
          value={fresh}
          onChange={form.edit(setFresh)}
          confirmLabel="Confirm new password"
          describedBy={form.describedBy}
        />
        <FieldError id={form.errorId} message={form.error} />
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="primary" loading={form.pending}>
            Change Password
          </Button>
        </div>
      </form>
    </div>
  );
}
