import { assetLabelFaultCall, assetMessages as say } from '@compass/shared';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import '../../styles/assets.css';
import { callApi } from '../../api/client';
import { ApiError, describeError, fieldErrorsOf } from '../../api/errors';
import { BrandMark } from '../../components/BrandMark';
import { Button } from '../../components/Button';
import { InputField } from '../../components/FormField';
import { PageSpinner } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { usePageTitle } from '../../shell/pageTitle';
import { StandaloneLayout } from '../../shell/StandaloneLayout';
import { useAssetLabel } from './api';
import { useFaultFields } from './FaultFields';

/**
 * /qr/asset-fault/:assetId, the page an asset's QR label opens (no sign-in, a phone in the hand):
 * the asset, then who reports and what is wrong; once sent, the thank-you and no form.
 */
export function AssetLabelPage() {
  usePageTitle('Report a fault');
  const { assetId = '' } = useParams();
  const label = useAssetLabel(assetId);
  const [reported, setReported] = useState(false);
  const asset = label.data;
  return (
    <StandaloneLayout brand={<BrandMark name={asset?.companyName} />}>
      <div className="asset-label-page stack-lg">
        {label.isPending ? (
          <PageSpinner />
        ) : !asset ? (
          <StatePanel
            icon={CircleAlert}
            tone="danger"
            heading="h1"
            role="alert"
            title="Report a fault"
            // An unknown or malformed label: the page's own words, not the server's "not found".
            message={
              label.error instanceof ApiError && label.error.status === 404
                ? say.faultAssetUnknown
                : describeError(label.error).message
            }
          />
        ) : (
          <>
            <div>
              <h1>Report a fault</h1>
              <p>
                <strong>{asset.number}</strong> {asset.name}
              </p>
              {asset.location && <p className="text-secondary">{asset.location}</p>}
            </div>
            {reported ? (
              <StatePanel
                icon={CircleCheck}
                tone="success"
                role="status"
                title="Thank you"
                message={say.faultReported}
              />
            ) : asset.status === 'disposed' ? (
              <p className="alert alert-danger" role="alert">
                {say.faultAssetDisposed}
              </p>
            ) : (
              <LabelFaultForm assetId={assetId} onReported={() => setReported(true)} />
            )}
          </>
        )}
      </div>
    </StandaloneLayout>
  );
}

function LabelFaultForm({ assetId, onReported }: { assetId: string; onReported: () => void }) {
  const { fault, fields, check, setError } = useFaultFields();
  const [reporterName, setReporterName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const report = useMutation({
    mutationFn: () =>
      callApi(
        assetLabelFaultCall,
        {
          body: {
            assetId,
            reporterName: reporterName.trim(),
            description: fault.description.trim(),
            takeOutOfService: fault.takeOutOfService ? 'yes' : 'no',
          },
        },
        { authRedirect: false },
      ),
    onSuccess: onReported,
    onError: (error) => {
      const problems = fieldErrorsOf(error);
      setNameError(problems.reporterName ?? null);
      setError(problems.description ?? null);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const named = reporterName.trim() !== '';
    setNameError(named ? null : say.faultReporterRequired);
    if (check() && named) report.mutate();
  };
  return (
    <form className="card card-body stack" onSubmit={submit} noValidate>
      <InputField
        label="Your name"
        autoComplete="name"
        maxLength={200}
        value={reporterName}
        error={nameError}
        onValueChange={(value) => {
          setReporterName(value);
          setNameError(null);
        }}
      />
      {fields}
      <Button type="submit" variant="primary" size="lg" loading={report.isPending}>
        Report fault
      </Button>
    </form>
  );
}
