import {
  hazardousDeleteCall,
  hazardousDetailsCall,
  hazardousEditPath,
  HAZARDOUS_REGISTER_PATH,
  SDS_STATUS_LABELS,
  type THazardousDetails,
} from '@compass/shared';
import { useNavigate, useParams } from 'react-router';
import { callApi } from '../../api/client';
import { dashboardKeys } from '../../api/queryKeys';
import { useCall } from '../../api/useCall';
import { RatingBadge } from '../../components/RiskRating';
import { Card } from '../../components/Card';
import { Fact, ItemDetailLayout, ItemLoader, MatrixCard } from '../registerParts';
import { HAZARDOUS_REGISTER, hazardousKeys } from './api';
import { HAZARD_CLASS_LABELS, SDS_BADGES } from './labels';
import { SdsCard } from './SdsCard';

/** /hazardous/register/:id: one substance, its safety data sheet, rating, schedule, actions and history. */
export function HazardousPage() {
  const { id = '' } = useParams();
  return (
    <ItemLoader
      id={id}
      register={HAZARDOUS_REGISTER}
      fetch={(_id) => callApi(hazardousDetailsCall, { body: { _id } })}
      title={(substance) => substance?.name ?? 'Hazardous substance'}
    >
      {(substance) => <Substance substance={substance!} />}
    </ItemLoader>
  );
}

function Substance({ substance }: { substance: THazardousDetails }) {
  const navigate = useNavigate();
  const remove = useCall(hazardousDeleteCall, {
    invalidate: [hazardousKeys.all, dashboardKeys.all],
    onSuccess: () => void navigate(HAZARDOUS_REGISTER_PATH),
  });
  return (
    <ItemDetailLayout
      register={HAZARDOUS_REGISTER}
      item={substance}
      badges={
        <>
          <RatingBadge rating={substance.rating} />
          <span className={`badge ${SDS_BADGES[substance.sds.status]}`}>
            {SDS_STATUS_LABELS[substance.sds.status]}
          </span>
        </>
      }
      editPath={hazardousEditPath(substance._id)}
      remove={{
        pending: remove.isPending,
        onConfirm: () => remove.mutate({ body: { _id: substance._id } }),
        consequence: `${substance.name} leaves the register with its safety data sheets, actions, files and open review. This cannot be undone.`,
      }}
    >
      <Card title="Product">
        <dl className="facts">
          <Fact label="Supplier">{substance.supplierName || '—'}</Fact>
          <Fact label="Location">
            {substance.workplace?.name ?? '—'}
            {substance.storageLocation && ` · ${substance.storageLocation}`}
          </Fact>
          <Fact label="Quantity">
            {substance.quantity === null ? '—' : `${substance.quantity} ${substance.quantityUnit ?? ''}`}
          </Fact>
          <Fact label="Hazard classes (GHS)">
            {substance.hazardClasses.length === 0 ? (
              '—'
            ) : (
              <span className="chip-list">
                {substance.hazardClasses.map((key) => (
                  <span key={key} className="badge badge-warning">
                    {HAZARD_CLASS_LABELS.get(key) ?? key}
                  </span>
                ))}
              </span>
            )}
          </Fact>
          <Fact label="Risk rating">
            <RatingBadge rating={substance.rating} />
          </Fact>
        </dl>
      </Card>
      <SdsCard substance={substance} />
      {substance.rating && (
        <MatrixCard caption="The substance's risk rating" marks={[{ ...substance.rating, label: 'Rated' }]} />
      )}
    </ItemDetailLayout>
  );
}
