import type { TAttachment, TRegisterAction, TReviewDetails } from '@compass/shared';
import { Pencil } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ChangeLogPanel } from '../../components/ChangeLogPanel';
import { DeleteButton } from '../../components/ConfirmDialog';
import { RatingLegend, RiskMatrix, type MatrixMark } from '../../components/RiskRating';
import { usePageTitle } from '../../shell/pageTitle';
import { Card } from '../../components/Card';
import { BackLink } from '../../components/PageHeader';
import { ReviewHistory } from '../reviews';
import { ItemActionsCard } from './ActionsCard';
import { useItemDetails, type ItemParts, type RegisterCalls } from './api';
import { ItemFilesCard } from './FilesCard';
import { ItemState } from './item';
import { ScheduleCard } from './ScheduleCard';

/** What a register's item pages are told of their register. */
export interface RegisterOf {
  /** The item's name in messages ("Delete this risk?"). */
  noun: string;
  /** The first part of the review paths (/risk/register-review/…). */
  base: 'risk' | 'hazardous';
  /** The item's kind for its files and change log. */
  entityType: 'risk' | 'hazardousSubstance';
  calls: RegisterCalls;
  queryKey: readonly unknown[];
  /** The register's list, as the back link names it. */
  back: { to: string; label: string };
  /** The way back from an item that cannot be opened ("Back to the risk register"). */
  missingBack: string;
}

/**
 * An item's page (detail or edit) with its details fetched: until they are there, the spinner or
 * why it cannot be opened. Without an id (`isNew`) the page opens at once with no item.
 */
export function ItemLoader<T>({
  id,
  isNew = false,
  register,
  fetch,
  title,
  children,
}: {
  id: string | undefined;
  isNew?: boolean;
  register: Pick<RegisterOf, 'noun' | 'queryKey' | 'back' | 'missingBack'>;
  fetch: (id: string) => Promise<T>;
  title: (item: T | undefined) => string;
  children: (item: T | null) => ReactNode;
}) {
  const details = useItemDetails(register.queryKey, id, fetch);
  usePageTitle(title(details.data));
  if (isNew || details.data) return children(details.data ?? null);
  return (
    <ItemState
      query={details}
      noun={register.noun}
      back={{ to: register.back.to, label: register.missingBack }}
    />
  );
}

/**
 * An item's edit page (…/new, …/:id/edit): the form, with no item for a new one; a form per item,
 * so that opening another starts it over.
 */
export function ItemEditRoute<T>({
  register,
  fetch,
  titles,
  children,
}: {
  register: Pick<RegisterOf, 'noun' | 'queryKey' | 'back' | 'missingBack'>;
  fetch: (id: string) => Promise<T>;
  titles: { edit: string; new: string };
  children: (item: T | null) => ReactNode;
}) {
  const { id } = useParams();
  return (
    <ItemLoader
      id={id}
      isNew={!id}
      register={register}
      fetch={fetch}
      title={() => (id ? titles.edit : titles.new)}
    >
      {(item) => <Fragment key={id ?? 'new'}>{children(item)}</Fragment>}
    </ItemLoader>
  );
}

type RegisterItem = ItemParts & {
  _id: string;
  name: string;
  isActive: boolean;
  actions: TRegisterAction[];
  attachments: TAttachment[];
  reviews: TReviewDetails['history'];
};

/**
 * An item's detail page: its name with badges, Edit and Delete; the register's own cards, then its
 * actions and reviews; beside them the schedule, the files and the change log.
 */
export function ItemDetailLayout({
  register,
  item,
  badges,
  editPath,
  remove,
  children,
}: {
  register: RegisterOf;
  item: RegisterItem;
  badges: ReactNode;
  editPath: string;
  remove: { pending: boolean; onConfirm: () => void; consequence: ReactNode };
  /** The register's own cards, above the actions. */
  children: ReactNode;
}) {
  const { noun, base, entityType, calls, queryKey, back } = register;
  return (
    <div className="admin-page stack-lg">
      <BackLink to={back.to} label={back.label} />
      <div className="page-header">
        <div>
          <h1>{item.name}</h1>
          <p className="row wrap">
            {!item.isActive && <span className="badge badge-neutral">Retired</span>}
            {badges}
          </p>
        </div>
        <div className="row wrap">
          <Link className="btn btn-secondary" to={editPath}>
            <Pencil size={16} aria-hidden="true" /> Edit
          </Link>
          <DeleteButton
            title={`Delete this ${noun}?`}
            confirmLabel={`Delete ${noun}`}
            pending={remove.pending}
            onConfirm={remove.onConfirm}
          >
            <p>{remove.consequence}</p>
          </DeleteButton>
        </div>
      </div>
      <div className="register-columns">
        <div className="stack-lg">
          {children}
          <ItemActionsCard itemId={item._id} actions={item.actions} calls={calls} queryKey={queryKey} />
          <ReviewHistory history={item.reviews} />
        </div>
        <div className="stack-lg">
          <ScheduleCard base={base} itemId={item._id} item={item} />
          <ItemFilesCard
            itemId={item._id}
            attachments={item.attachments}
            ownerType={entityType}
            calls={calls}
            queryKey={queryKey}
          />
          <Card title="History" bare>
            <ChangeLogPanel entityType={entityType} entityId={item._id} />
          </Card>
        </div>
      </div>
    </div>
  );
}

/** An item's ratings placed on the 5×5 matrix, with the colours' legend. */
export function MatrixCard({ caption, marks }: { caption: string; marks: MatrixMark[] }) {
  return (
    <Card title="Rating on the matrix" bodyClassName="stack">
      <RiskMatrix caption={caption} marks={marks} />
      <RatingLegend />
    </Card>
  );
}
