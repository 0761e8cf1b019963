import { displayDay, type TPerformanceObjective, type TPerformanceReviewDetails } from '@compass/shared';
import type { ReactNode } from 'react';
import { Card } from '../../components/Card';
import { DataTable } from '../../components/DataTable';
import { RatingScale, ratingText } from './RatingInput';

/** One column of the objectives' table after the objective and its weight: a side's rating. */
export interface ObjectiveColumn {
  heading: string;
  cell: (objective: TPerformanceObjective, index: number) => ReactNode;
}

/** A side's rating of an objective and its comment, read-only. */
export function GivenRating({ rating, comment }: { rating: number | null; comment: string | null }) {
  return (
    <>
      <span className="objective-rating">{ratingText(rating)}</span>
      {comment && <p className="objective-comment text-sm">{comment}</p>}
    </>
  );
}

/** The employee's and the reviewer's ratings, each as a column while the caller is shown it. */
export function givenColumns(review: TPerformanceReviewDetails): ObjectiveColumn[] {
  const columns: ObjectiveColumn[] = [];
  if (review.shows.self)
    columns.push({
      heading: 'Self-assessment',
      cell: (objective) => <GivenRating rating={objective.selfRating} comment={objective.selfComment} />,
    });
  if (review.shows.manager)
    columns.push({
      heading: 'Reviewer’s assessment',
      cell: (objective) => (
        <GivenRating rating={objective.managerRating} comment={objective.managerComment} />
      ),
    });
  return columns;
}

/**
 * A review's objectives in their order: each with its description and weight, then the ratings
 * the columns give (read or being given). On a phone the rows are cards (DataTable).
 */
export function ObjectivesTable({
  objectives,
  columns,
}: {
  objectives: readonly TPerformanceObjective[];
  columns: readonly ObjectiveColumn[];
}) {
  return (
    <Card title="Objectives" bare>
      {columns.length > 0 && (
        <div className="card-body objective-scale">
          <RatingScale />
        </div>
      )}
      <DataTable
        columns={['Objective', 'Weight', ...columns.map((column) => column.heading)]}
        actions={false}
        className="objective-table"
      >
        {objectives.map((objective, index) => (
          <tr key={objective._id}>
            <td className="objective-title">
              {objective.title}
              {objective.description && (
                <p className="objective-comment text-sm text-secondary">{objective.description}</p>
              )}
            </td>
            <td className="objective-weight">{objective.weight}%</td>
            {columns.map((column) => (
              <td key={column.heading}>{column.cell(objective, index)}</td>
            ))}
          </tr>
        ))}
      </DataTable>
    </Card>
  );
}

/** A written assessment, or what stands in for one not written (or not shown) yet. */
export function ReviewText({ text, none }: { text: string | null; none: string }) {
  return text ? <p className="review-text">{text}</p> : <p className="text-secondary">{none}</p>;
}

/** The reviewer's agreed actions: what, by whom, by when; done or open once they are actions. */
export function AgreedActionsList({ actions }: { actions: TPerformanceReviewDetails['agreedActions'] }) {
  if (actions.length === 0) return <p className="text-secondary">No actions agreed.</p>;
  return (
    <DataTable columns={['Action', 'Assigned to', 'Due', 'Status']} actions={false}>
      {actions.map((action, index) => (
        <tr key={action.actionId ?? index}>
          <td className="objective-title">{action.instruction}</td>
          <td>{action.assigneeName}</td>
          <td>{displayDay(action.dueDate)}</td>
          <td>{action.actionId ? (action.isComplete ? 'Done' : 'Assigned') : 'Agreed at sign-off'}</td>
        </tr>
      ))}
    </DataTable>
  );
}
