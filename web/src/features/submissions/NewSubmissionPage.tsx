import { formTemplateQrPosterCall, type TFormTemplateOption } from '@compass/shared';
import { FilePlus2, FileWarning, QrCode, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { usePermissions } from '../../api/auth';
import { API_BASE, callUrl, downloadFile } from '../../api/client';
import { describeError, notifyError } from '../../api/errors';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { useTemplateList } from './api';
import { newSubmissionPath } from './paths';

const FORM_TYPE_LABELS = {
  'form-submission': 'Form',
  supplier: 'Supplier',
  hr: 'HR',
  qr: 'QR',
  audit: 'Audit',
} as const;

/** The A4 poster whose QR code opens the template's guest form (modules/qrCodes), as an SVG to print. */
const downloadPoster = (template: TFormTemplateOption) =>
  downloadFile(
    `${API_BASE}${callUrl(formTemplateQrPosterCall, { params: { templateId: template._id } })}`,
    `${template.name} - QR poster.svg`,
  ).catch(notifyError);

/** New Submission (menu /form-submission/new): choose the template a new form starts from. */
export function NewSubmissionPage() {
  usePageTitle('New Submission');
  const searchId = useId();
  const templates = useTemplateList();
  const permissions = usePermissions();
  const [search, setSearch] = useState('');
  // The server also lets a QR template's own coordinator print it; administrators print them all.
  const printsPosters = permissions.data?.access.system === 'yes';

  if (templates.isPending) return <PageSpinner label="Loading…" />;
  if (templates.isError) {
    return (
      <section className="card state-panel" role="alert">
        <span className="state-icon state-icon-danger">
          <FileWarning size={28} aria-hidden="true" />
        </span>
        <p>{describeError(templates.error).message}</p>
        <Button variant="primary" onClick={() => void templates.refetch()}>
          Retry
        </Button>
      </section>
    );
  }

  const term = search.trim().toLowerCase();
  const shown = templates.data.filter((template) => template.name.toLowerCase().includes(term));

  return (
    <div className="submissions-page stack-lg">
      <PageHeader title="New Submission" intro="Choose the form you want to fill in." />
      <div className="field template-search">
        <label className="field-label" htmlFor={searchId}>
          Search forms
        </label>
        <div className="input-group">
          <input
            id={searchId}
            className="input"
            type="search"
            value={search}
            placeholder="Form name"
            onChange={(event) => setSearch(event.target.value)}
          />
          <span className="input-addon" aria-hidden="true">
            <Search size={18} />
          </span>
        </div>
      </div>
      {shown.length === 0 ? (
        <section className="card state-panel">
          <p>
            {templates.data.length === 0
              ? 'No form templates are available yet.'
              : 'No form matches your search.'}
          </p>
        </section>
      ) : (
        <ul className="template-grid" aria-label="Form templates">
          {shown.map((template) => (
            <li key={template._id} className="template-item">
              <Link className="card template-card" to={newSubmissionPath(template._id)}>
                <FilePlus2 size={22} aria-hidden="true" className="template-card-icon" />
                <span className="template-card-name">{template.name}</span>
                <span className="badge badge-neutral">{FORM_TYPE_LABELS[template.formType]}</span>
              </Link>
              {template.formType === 'qr' && printsPosters && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="template-poster"
                  icon={<QrCode size={16} aria-hidden="true" />}
                  aria-label={`Download the QR poster of ${template.name}`}
                  onClick={() => void downloadPoster(template)}
                >
                  QR poster
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
