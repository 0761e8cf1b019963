import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** The delete call of a named row, as `useCall` gives it. */
interface RowDelete {
  isPending: boolean;
  mutate: (input: { body: { _id: string } }) => void;
}

/** Asks before deleting a named row (role, position, workplace, branch); `children` say what blocks it. */
export function DeleteRowDialog({
  row,
  remove,
  onClose,
  children,
}: {
  row: { _id: string; name: string };
  remove: RowDelete;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ConfirmDialog
      title={`Delete ${row.name}?`}
      confirmLabel="Delete"
      danger
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => remove.mutate({ body: { _id: row._id } })}
    >
      {children}
    </ConfirmDialog>
  );
}
