import {
  VISIT_KIND_LABELS,
  visitorRegisterPath,
  type TAttachment,
  type TVisitDetails,
} from '@compass/shared';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useFileObjectUrl } from '../../api/fileObjectUrl';
import { StoredFile } from '../../components/ActionParts';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { BackLink } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { usePageTitle } from '../../shell/pageTitle';
import { displayInstant } from '../../lib/display';
import { Fact, ItemUnavailable } from '../registerParts';
import { useVisitDetails, visitorKeys } from './api';
import { displayHours, SignOutDialog } from './parts';

const BACK = { to: visitorRegisterPath, label: 'Visitor Register' };

/** /configure-vismate/visit/:id: one visit, what the visitor answered, signed and showed, and signing them out. */
export function VisitPage() {
  const { id = '' } = useParams();
  const details = useVisitDetails(id);
  usePageTitle(details.data?.fullName ?? 'Visit');
  if (details.isError)
    return <ItemUnavailable noun="visit" back={{ ...BACK, label: 'Back to the Visitor Register' }} />;
  if (!details.data) return <PageSpinner />;
  return <Visit visit={details.data} />;
}

function Visit({ visit }: { visit: TVisitDetails }) {
  const [signingOut, setSigningOut] = useState(false);
  const onSite = visit.SignoutTime === null;
  return (
    <div className="admin-page stack-lg">
      <BackLink {...BACK} />
      <div className="page-header">
        <div>
          <h1>{visit.fullName}</h1>
          <p className="row wrap">
            <span className="badge badge-neutral">{VISIT_KIND_LABELS[visit.kind]}</span>
            {onSite ? (
              <span className="badge badge-success">On site</span>
            ) : (
              <span className="badge badge-neutral">Signed out</span>
            )}
          </p>
        </div>
        {onSite && (
          <Button icon={<LogOut size={16} aria-hidden="true" />} onClick={() => setSigningOut(true)}>
            Sign out
          </Button>
        )}
      </div>
      <div className="register-columns">
        <div className="stack-lg">
          <DetailsCard visit={visit} />
          <Card title="Answers">
            {visit.answers.length === 0 ? (
              <p className="text-secondary">No questions were asked.</p>
            ) : (
              <dl className="facts">
                {visit.answers.map((answer) => (
                  <Fact key={answer.label} label={answer.label}>
                    {answer.value || '—'}
                  </Fact>
                ))}
              </dl>
            )}
          </Card>
        </div>
        <div className="stack-lg">
          <Card title="Signature">
            {visit.signature ? (
              <img className="visit-signature" src={visit.signature} alt="Signature" />
            ) : (
              <p className="text-secondary">No signature was asked for.</p>
            )}
          </Card>
          <Card title="Photo">
            {visit.photo ? <VisitPhoto photo={visit.photo} /> : <p className="text-secondary">No photo.</p>}
          </Card>
        </div>
      </div>
      {signingOut && <SignOutDialog visit={visit} onClose={() => setSigningOut(false)} />}
    </div>
  );
}

function DetailsCard({ visit }: { visit: TVisitDetails }) {
  const or = (value: string | null) => value || '—';
  return (
    <Card title="Details">
      <dl className="facts">
        <Fact label="Kind">{VISIT_KIND_LABELS[visit.kind]}</Fact>
        <Fact label="Company">{or(visit.visitorCompany)}</Fact>
        {visit.kind === 'contractor' && <Fact label="Personnel">{or(visit.personnel)}</Fact>}
        <Fact label="Host">{or(visit.host)}</Fact>
        <Fact label="Purpose of visit" className="pre-line">
          {or(visit.purpose)}
        </Fact>
        <Fact label="Phone">{or(visit.phone)}</Fact>
        <Fact label="Workplace">{visit.Workplaces}</Fact>
        <Fact label="Branch">{or(visit.Branchs)}</Fact>
        <Fact label="Signed in">{displayInstant(visit.SigninTime)}</Fact>
        <Fact label="Signed out">{displayInstant(visit.SignoutTime)}</Fact>
        <Fact label="Hours">{displayHours(visit.hours)}</Fact>
        <Fact label="Kiosk">{or(visit.kiosk)}</Fact>
        {visit.SignoutTime && (
          <Fact label="Signed out by">{visit.signedOutBy ?? 'Themselves, at the kiosk'}</Fact>
        )}
        <Fact label="Site rules accepted">{displayInstant(visit.rulesAcceptedAt)}</Fact>
      </dl>
    </Card>
  );
}

/** The photo taken at the kiosk: a stored file, fetched with the session (an <img> cannot send it). */
function VisitPhoto({ photo }: { photo: TAttachment }) {
  const image = useFileObjectUrl([...visitorKeys.all, 'photo', photo._id], photo.path);
  return (
    <div className="stack">
      {image.data ? (
        <img className="visit-photo" src={image.data} alt="Photo" />
      ) : (
        <span className="visit-photo" aria-hidden="true" />
      )}
      <div className="row">
        <StoredFile file={photo} />
      </div>
    </div>
  );
}
