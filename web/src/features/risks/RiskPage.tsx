import {
  riskDeleteCall,
  riskDetailsCall,
  riskEditPath,
  RISK_REGISTER_PATH,
  type TRiskDetails,
} from '@compass/shared';
import { useNavigate, useParams } from 'react-router';
import { callApi } from '../../api/client';
import { dashboardKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { RatingBadge, type MatrixMark } from '../../components/RiskRating';
import { Card } from '../../components/Card';
import { Fact, ItemDetailLayout, ItemLoader, MatrixCard } from '../registerParts';
import { RISK_REGISTER, riskKeys } from './api';

/** /risk/register/:id: one risk, its ratings on the matrix, schedule, actions, files and history. */
export function RiskPage() {
  const { id = '' } = useParams();
  return (
    <ItemLoader
      id={id}
      register={RISK_REGISTER}
      fetch={(_id) => callApi(riskDetailsCall, { body: { _id } })}
      title={(risk) => risk?.name ?? 'Risk'}
    >
      {(risk) => <Risk risk={risk!} />}
    </ItemLoader>
  );
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
    <ItemDetailLayout
      register={RISK_REGISTER}
      item={risk}
      badges={
        <>
          <RatingBadge rating={risk.residual} />
          {risk.isMaster && <span className="badge badge-primary">Master risk</span>}
        </>
      }
      editPath={riskEditPath(risk._id)}
      remove={{
        pending: remove.isPending,
        onConfirm: () => remove.mutate({ body: { _id: risk._id } }),
        consequence: `${risk.name} leaves the register with its actions, files and open review. This cannot be undone.`,
      }}
    >
      <Card title="Hazard and controls">
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
      </Card>
      <MatrixCard caption="The risk's ratings before and after controls" marks={marks} />
    </ItemDetailLayout>
  );
}
