import {
  riskCalls,
  riskDeleteCall,
  riskDetailsCall,
  riskEditPath,
  RISK_REGISTER_PATH,
  type TRiskDetails,
} from '@compass/shared';
import { ArrowLeft, Pencil } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { callApi } from '../../api/client';
import { useCall } from '../../api/useCall';
import { ChangeLogPanel } from '../../components/ChangeLogPanel';
import { DeleteButton } from '../../components/ConfirmDialog';
import { RatingBadge, RatingLegend, RiskMatrix, type MatrixMark } from '../../components/RiskRating';
import { usePageTitle } from '../../shell/pageTitle';
import { dashboardKeys } from '../../api/queryKeys';
import {
  ActionsCard,
  AttachmentsCard,
  Fact,
  ItemState,
  ScheduleCard,
  useItemDetails,
} from '../registerParts';
import { ReviewHistory } from '../reviews';
import { riskKeys } from './RiskRegisterPage';

/** /risk/register/:id: one risk, its ratings on the matrix, schedule, actions, files and history. */
export function RiskPage() {
  const { id = '' } = useParams();
  const details = useItemDetails(riskKeys.all, id, (_id) => callApi(riskDetailsCall, { body: { _id } }));
  usePageTitle(details.data?.name ?? 'Risk');
  if (!details.data) {
    return (
      <ItemState
        query={details}
        noun="risk"
        back={{ to: RISK_REGISTER_PATH, label: 'Back to the risk register' }}
      />
    );
  }
  return <Risk risk={details.data} />;
}

function Risk({ risk }: { risk: TRiskDetails }) {
  const navigate = useNavigate();
  const remove = useCall(riskDeleteCall, {
    invalidate: [riskKeys.all, dashboardKeys.all],
    onSuccess: () => void navigate(RISK_REGISTER_PATH),
  });
  const marks: MatrixMark[] = [
    ...(risk.inherent ? [{ ...risk.inherent, label: 'Before' }] : []),
    ...(risk.residual ? [{ ...risk.residual, label: 'After' }] : []),
  ];
  return (
    <div className="admin-page stack-lg">
      <Link to={RISK_REGISTER_PATH} className="back-link">
        <ArrowLeft size={16} aria-hidden="true" /> Risk Register
      </Link>
      <div className="page-header">
        <div>
          <h1>{risk.name}</h1>
          <p className="row wrap">
            {!risk.isActive && <span className="badge badge-neutral">Retired</span>}
            <RatingBadge rating={risk.residual} />
            {risk.isMaster && <span className="badge badge-primary">Master risk</span>}
          </p>
        </div>
        <div className="row wrap">
          <Link className="btn btn-secondary" to={riskEditPath(risk._id)}>
            <Pencil size={16} aria-hidden="true" /> Edit
          </Link>
          <DeleteButton
            title="Delete this risk?"
            confirmLabel="Delete risk"
            pending={remove.isPending}
            onConfirm={() => remove.mutate({ body: { _id: risk._id } })}
          >
            <p>
              {risk.name} leaves the register with its actions, files and open review. This cannot be undone.
            </p>
          </DeleteButton>
        </div>
      </div>
      <div className="register-columns">
        <div className="stack-lg">
          <section className="card" aria-labelledby="risk-title">
            <div className="card-header">
              <h2 id="risk-title">Hazard and controls</h2>
            </div>
            <div className="card-body">
              <dl className="facts">
                <Fact label="Hazard" className="pre-line">
                  {risk.hazard}
                </Fact>
                <Fact label="Consequences" className="pre-line">
                  {risk.consequences || '—'}
                </Fact>
                <Fact label="Existing controls" className="pre-line">
                  {risk.existingControls || '—'}
                </Fact>
                <Fact label="Before controls">
                  <RatingBadge rating={risk.inherent} />
                </Fact>
                <Fact label="After controls">
                  <RatingBadge rating={risk.residual} />
                </Fact>
              </dl>
            </div>
          </section>
          <section className="card" aria-labelledby="matrix-title">
            <div className="card-header">
              <h2 id="matrix-title">Rating on the matrix</h2>
            </div>
            <div className="card-body stack">
              <RiskMatrix caption="The risk's ratings before and after controls" marks={marks} />
              <RatingLegend />
            </div>
          </section>
          <ActionsCard itemId={risk._id} actions={risk.actions} calls={riskCalls} queryKey={riskKeys.all} />
          <ReviewHistory history={risk.reviews} />
        </div>
        <div className="stack-lg">
          <ScheduleCard base="risk" itemId={risk._id} item={risk} />
          <AttachmentsCard
            itemId={risk._id}
            attachments={risk.attachments}
            ownerType="risk"
            calls={riskCalls}
            queryKey={riskKeys.all}
          />
          <section className="card" aria-labelledby="history-title">
            <div className="card-header">
              <h2 id="history-title">History</h2>
            </div>
            <ChangeLogPanel entityType="risk" entityId={risk._id} />
          </section>
        </div>
      </div>
    </div>
  );
}
