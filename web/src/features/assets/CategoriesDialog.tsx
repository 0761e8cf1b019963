import {
  assetCategoryDeleteCall,
  assetCategorySaveCall,
  assetMessages as say,
  type TAssetRef,
} from '@compass/shared';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { fieldErrorsOf } from '../../api/errors';
import { useCall } from '../../api/useCall';
import { Button } from '../../components/Button';
import { DataTable } from '../../components/DataTable';
import { Dialog } from '../../components/Dialog';
import { InputField } from '../../components/FormField';
import { RowButton } from '../../components/RowButton';
import { ASSET_MAINTENANCE_WRITES } from './api';

/**
 * The register's categories: add one, rename one, delete one no asset or plan uses (the server
 * says so otherwise). A category names plans that apply to all its assets, hence the maintenance lists
 * follow a change.
 */
export function CategoriesDialog({ categories, onClose }: { categories: TAssetRef[]; onClose: () => void }) {
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const remove = useCall(assetCategoryDeleteCall, {
    invalidate: ASSET_MAINTENANCE_WRITES,
    onSuccess: () => setDeleting(null),
  });
  return (
    <Dialog title="Categories" description="The kinds of asset of the register." onClose={onClose}>
      <div className="stack">
        <CategoryForm label="New category" submitLabel="Add category" />
        {categories.length === 0 ? (
          <p className="text-secondary">No categories yet.</p>
        ) : (
          <DataTable columns={['Category']} actions>
            {categories.map((category) => (
              <tr key={category._id}>
                {renaming === category._id ? (
                  <td colSpan={2}>
                    <CategoryForm
                      category={category}
                      label={`Rename ${category.name}`}
                      submitLabel="Save"
                      onDone={() => setRenaming(null)}
                    />
                  </td>
                ) : deleting === category._id ? (
                  <td colSpan={2}>
                    <div className="row wrap">
                      <span>Delete {category.name}?</span>
                      <Button
                        size="sm"
                        variant="danger"
                        loading={remove.isPending}
                        onClick={() => remove.mutate({ body: { _id: category._id } })}
                      >
                        Delete
                      </Button>
                      <Button size="sm" onClick={() => setDeleting(null)}>
                        Cancel
                      </Button>
                    </div>
                  </td>
                ) : (
                  <>
                    <td>{category.name}</td>
                    <td className="row-actions">
                      <RowButton
                        icon={Pencil}
                        label={`Rename ${category.name}`}
                        onClick={() => setRenaming(category._id)}
                      >
                        Rename
                      </RowButton>
                      <RowButton
                        icon={Trash2}
                        label={`Delete ${category.name}`}
                        onClick={() => setDeleting(category._id)}
                      >
                        Delete
                      </RowButton>
                    </td>
                  </>
                )}
              </tr>
            ))}
          </DataTable>
        )}
      </div>
    </Dialog>
  );
}

/** A category's name: a new one (the field empties after it is added) or a rename. */
function CategoryForm({
  category,
  label,
  submitLabel,
  onDone,
}: {
  category?: TAssetRef;
  label: string;
  submitLabel: string;
  onDone?: () => void;
}) {
  const [name, setName] = useState(category?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useCall(assetCategorySaveCall, {
    invalidate: ASSET_MAINTENANCE_WRITES,
    onSuccess: () => {
      setName('');
      onDone?.();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(say.categoryNameRequired);
    save.mutate(
      { body: { ...(category && { _id: category._id }), name: name.trim() } },
      { onError: (failure) => setError(fieldErrorsOf(failure).name ?? null) },
    );
  };
  return (
    <form className="row wrap" onSubmit={submit} noValidate>
      <InputField
        label={label}
        value={name}
        maxLength={100}
        error={error}
        autoFocus={Boolean(category)}
        onValueChange={(value) => {
          setName(value);
          setError(null);
        }}
      />
      <Button
        type="submit"
        variant={category ? 'primary' : 'secondary'}
        loading={save.isPending}
        icon={category ? undefined : <Plus size={16} aria-hidden="true" />}
      >
        {submitLabel}
      </Button>
      {onDone && (
        <Button size="sm" onClick={onDone}>
          Cancel
        </Button>
      )}
    </form>
  );
}
