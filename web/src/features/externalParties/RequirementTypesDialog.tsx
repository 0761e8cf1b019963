import {
  requirementTypeSaveCall,
  requirementTypeSetActiveCall,
  type TRequirementType,
} from '@compass/shared';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { InputField } from '../../components/FormField';
import { ListState } from '../../components/ListParts';
import { optionsOf, SelectField } from '../../components/SelectField';
import { requirementKeys, useRequirementCourseOptions, useRequirementTypes } from './api';
import { OptionalText } from './parts';

const APPLIES_TO_LABELS = { company: 'The company', personnel: 'A person' } as const;

/** The requirement types: add, change, archive and restore. */
export function RequirementTypesDialog({ onClose }: { onClose: () => void }) {
  const types = useRequirementTypes();
  const [editing, setEditing] = useState<TRequirementType | 'new' | null>(null);
  const setActive = useCall(requirementTypeSetActiveCall, { invalidate: [requirementKeys.all] });
  if (editing) return <TypeForm type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />;
  const rows = types.data ?? [];
  return (
    <Dialog
      title="Requirement types"
      description="The documents you ask suppliers for: insurance, licences, inductions."
      onClose={onClose}
      wide
    >
      <div className="stack">
        <ListState query={types} count={rows.length} empty="No requirement types yet: add the first one." />
        {rows.length > 0 && (
          <DataTable columns={['Name', 'Asked of', 'Expires', 'Requests']} actions>
            {rows.map((row) => (
              <tr key={row._id}>
                <td>
                  {row.name}
                  {!row.isActive && <span className="badge badge-neutral">Archived</span>}
                  {row.trainingCourseName && (
                    <div className="text-secondary text-sm">Online course: {row.trainingCourseName}</div>
                  )}
                </td>
                <td>{APPLIES_TO_LABELS[row.appliesTo]}</td>
                <td>{row.expires ? 'Yes' : 'No'}</td>
                <td>{row.inUse}</td>
                <td className="row-actions">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditing(row)}
                    aria-label={`Edit ${row.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setActive.mutate({ body: { _id: row._id, isActive: !row.isActive } })}
                    aria-label={`${row.isActive ? 'Archive' : 'Restore'} ${row.name}`}
                  >
                    {row.isActive ? 'Archive' : 'Restore'}
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <div className="dialog-actions">
          <Button onClick={onClose}>Close</Button>
          <Button
            variant="primary"
            icon={<Plus size={16} aria-hidden="true" />}
            onClick={() => setEditing('new')}
          >
            Add a type
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function TypeForm({ type, onClose }: { type: TRequirementType | null; onClose: () => void }) {
  const [name, setName] = useState(type?.name ?? '');
  const [appliesTo, setAppliesTo] = useState<'company' | 'personnel'>(type?.appliesTo ?? 'company');
  const [description, setDescription] = useState(type?.description ?? '');
  const [expires, setExpires] = useState(type?.expires ?? true);
  const [courseId, setCourseId] = useState(type?.trainingCourseId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const forPerson = appliesTo === 'personnel';
  const courses = useRequirementCourseOptions(forPerson);
  const course = forPerson && courseId ? courseId : null;
  // A type keeps a course taken out of use since: it is still offered as its own choice.
  const kept =
    type?.trainingCourseId && !courses.data?.some((option) => option._id === type.trainingCourseId)
      ? [{ value: type.trainingCourseId, label: type.trainingCourseName ?? 'The course chosen' }]
      : [];
  const save = useCall(requirementTypeSaveCall, { invalidate: [requirementKeys.all], onSuccess: onClose });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: 'Enter a name.' });
    save.mutate(
      {
        body: {
          ...(type && { _id: type._id }),
          name: name.trim(),
          appliesTo,
          description: description.trim() || undefined,
          expires: course ? false : expires,
          trainingCourseId: course,
        },
      },
      { onError: (error) => setErrors(fieldErrorsOf(error)) },
    );
  };
  return (
    <Dialog title={type ? `Edit ${type.name}` : 'Add a requirement type'} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <InputField label="Name" value={name} error={errors.name} onValueChange={setName} maxLength={120} />
        <SelectField
          label="Asked of"
          value={appliesTo}
          options={[
            { value: 'company', label: APPLIES_TO_LABELS.company },
            { value: 'personnel', label: APPLIES_TO_LABELS.personnel },
          ]}
          error={errors.appliesTo}
          onChange={(value) => setAppliesTo(value as 'company' | 'personnel')}
        />
        <OptionalText label="Description (optional)" value={description} onChange={setDescription} />
        {forPerson && (
          <SelectField
            label="Met by an online course"
            value={courseId}
            none="No — a document"
            options={[...kept, ...optionsOf(courses.data)]}
            error={errors.trainingCourseId}
            disabled={!!type && type.inUse > 0}
            onChange={setCourseId}
          />
        )}
        {course && (
          <p className="text-secondary text-sm">
            Requesting it gives the person the course to take; passing it meets the requirement.
          </p>
        )}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={course ? false : expires}
            disabled={!!course}
            onChange={(event) => setExpires(event.target.checked)}
          />
          The document has an expiry date
        </label>
        <DialogFormActions submitLabel="Save" pending={save.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
