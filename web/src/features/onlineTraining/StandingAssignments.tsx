import type { TTrainingPositionRule } from '@compass/shared';
import { CircleStop } from 'lucide-react';
import { useId, useState } from 'react';
import { repeatLabel } from '../../components/AssignFields';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { ListState } from '../../components/ListParts';
import { RowButton } from '../../components/RowButton';
import { usePositionRules, useStopPositionRule } from './api';

/**
 * A course's standing assignments: the positions whose newcomers are assigned it (left by assigning
 * the course to a position), each with its reviewer, the days given and its repeat; HR stops one,
 * once confirmed — the assignments already made stay.
 */
export function StandingAssignments({ course }: { course: { _id: string; name: string } }) {
  const titleId = useId();
  const rules = usePositionRules(course._id);
  const [stopping, setStopping] = useState<TTrainingPositionRule | null>(null);
  const stop = useStopPositionRule(() => setStopping(null));
  const rows = rules.data?.rows ?? [];
  return (
    <section className="stack" aria-labelledby={titleId}>
      <h3 id={titleId} className="training-subheading">
        Standing assignments
      </h3>
      <p className="text-sm text-secondary">People who join these positions are assigned the course.</p>
      {rows.length === 0 ? (
        <div className="card list-card">
          <ListState query={rules} count={0} empty="No standing assignments." />
        </div>
      ) : (
        <div className="card list-card">
          <DataTable columns={['Position', 'Reviewer', 'Complete', 'Repeats']} actions>
            {rows.map((rule) => (
              <tr key={rule._id}>
                <td>{rule.positionName}</td>
                <td>{rule.reviewerName}</td>
                <td>Within {rule.completeWithinDays} days</td>
                <td>{repeatLabel(rule.repeat)}</td>
                <td className="row-actions">
                  <RowButton
                    icon={CircleStop}
                    label={`Stop assigning to ${rule.positionName}`}
                    onClick={() => setStopping(rule)}
                  >
                    Stop
                  </RowButton>
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
      {stopping && (
        <ConfirmDialog
          title={`Stop assigning ${course.name} to ${stopping.positionName}?`}
          confirmLabel="Stop"
          danger
          pending={stop.isPending}
          onClose={() => setStopping(null)}
          onConfirm={() => stop.mutate({ body: { _id: stopping._id } })}
        >
          <p>
            People who join the position from now on are not assigned the course. The training already
            assigned stays.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
