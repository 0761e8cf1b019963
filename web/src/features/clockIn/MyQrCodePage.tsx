import { employeeClockInQrCall, messages } from '@compass/shared';
import { Printer } from 'lucide-react';
import { usePermissions } from '../../api/auth';
import { API_BASE, callUrl } from '../../api/client';
import { useFileObjectUrl } from '../../api/fileObjectUrl';
import { describeError } from '../../api/errors';
import { Button } from '../../components/Button';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';

/** GET /api/employeeClockInQr/:employeeId, which needs the session header: as an object URL. */
function useClockInQr(employeeId: string | null | undefined) {
  return useFileObjectUrl(
    ['clockIn', 'qr', employeeId],
    employeeId ? `${API_BASE}${callUrl(employeeClockInQrCall, { params: { employeeId } })}` : null,
  );
}

/** The signed-in employee's clock-in QR code, to print or keep on a phone (001 section 2.6). */
export function MyQrCodePage() {
  usePageTitle(messages.qrCodes.myCodeTitle);
  const permissions = usePermissions();
  const qr = useClockInQr(permissions.data?.employeeId);

  if (permissions.data && !permissions.data.employeeId) {
    return (
      <section className="card state-panel">
        <p>The clock-in QR code belongs to employee accounts.</p>
      </section>
    );
  }
  if (qr.isError) {
    return (
      <section className="card state-panel" role="alert">
        <p>{describeError(qr.error).message}</p>
        <Button onClick={() => void qr.refetch()}>Try again</Button>
      </section>
    );
  }
  if (!qr.data || !permissions.data) return <PageSpinner label="Loading…" />;

  return (
    <section className="card qr-page" aria-labelledby="qr-page-name">
      <p className="text-secondary">{permissions.data.companyName}</p>
      <h1 id="qr-page-name" className="qr-page-name">
        {permissions.data.name}
      </h1>
      <img className="qr-page-image" src={qr.data} alt={`Clock-in QR code of ${permissions.data.name}`} />
      <p className="text-secondary">{messages.qrCodes.myCodeHint}</p>
      <div className="qr-page-actions">
        <Button
          variant="primary"
          icon={<Printer size={16} aria-hidden="true" />}
          onClick={() => window.print()}
        >
          Print
        </Button>
      </div>
    </section>
  );
}
