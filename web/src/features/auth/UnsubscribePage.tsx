import { CircleCheck, MailX } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { unsubscribeCall } from '@compass/shared';
import { callApi } from '../../api/client';
import { notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { TextAreaField } from '../../components/FormField';
import { usePageTitle } from '../../shell/pageTitle';
import { AuthLayout } from './AuthLayout';

/** /unsubscribe/:token: stops notification e-mails for the address the link was sent to. */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const { token = '' } = useParams();
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [notification, setNotification] = useState<string | null>(null);

  async function confirm() {
    setPending(true);
    try {
      const data = await callApi(
        unsubscribeCall,
        { body: { authtoken: token, reason: reason.trim() } },
        { authRedirect: false },
      );
      setNotification(data);
    } catch (failure) {
      notifyError(failure);
    } finally {
      setPending(false);
    }
  }

  if (notification !== null) {
    return (
      <AuthLayout title="You have been unsubscribed">
        <div className="auth-result">
          <div className="alert alert-success" role="status">
            <CircleCheck size={18} aria-hidden="true" />
            <span>{notification}</span>
          </div>
          <p className="text-secondary">
            Thank you. If you want to receive these e-mails again, please contact your organisation&apos;s
            system admin to re-enable them.
          </p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Unsubscribe from e-mails"
      subtitle="Confirm that you no longer want to receive notification e-mails at this address."
    >
      <form
        className="auth-form"
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <TextAreaField
          label={
            <>
              Reason <span className="text-muted">(optional)</span>
            </>
          }
          rows={3}
          value={reason}
          onValueChange={setReason}
          placeholder="Tell us why you are unsubscribing"
        />
        <Button
          type="submit"
          variant="primary"
          size="lg"
          block
          loading={pending}
          icon={<MailX size={18} aria-hidden="true" />}
        >
          Confirm unsubscribe
        </Button>
      </form>
    </AuthLayout>
  );
}
