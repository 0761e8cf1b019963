import {
  displayDay,
  TRAINING_MATRIX_PATH,
  trainingCoursePath,
  ZTrainingCourseSave,
  type TTrainingCourseRow,
  type TTrainingCourseSave,
} from '@compass/shared';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { fieldErrorsOf, schemaProblems } from '../../api/errors';
import { Button } from '../../components/Button';
import { Dialog, DialogFormActions } from '../../components/Dialog';
import { InputField, TextAreaField } from '../../components/FormField';
import { InUseFilter, ListFilters } from '../../components/ListFilters';
import { PageHeader } from '../../components/PageHeader';
import { PagedTable, usePagedList } from '../../components/PagedList';
import { usePageTitle } from '../../shell/pageTitle';
import { fetchCourses, trainingKeys, useAddCourse } from './api';

const COLUMNS = ['Course', 'Published', 'Questions', 'Pass mark', 'Attempts', 'Expected time', 'Updated'];
/** HR Admin > Online Training: the organisation's courses, to write, publish and keep in use. */
export function CoursesPage() {
  usePageTitle('Online Training');
  const [adding, setAdding] = useState(false);
  const list = usePagedList({
    queryKey: trainingKeys.courses,
    // '' is the server's default: the courses in use.
    filters: { status: '' as 'inactive' | 'all' | '' },
    fetch: fetchCourses,
    inAddress: true,
  });
  return (
    <div className="admin-page stack-lg">
      <PageHeader
        title="Online Training"
        intro="Courses with their content and a test. A published version never changes: edits become the next version."
      >
        <Link className="btn" to={TRAINING_MATRIX_PATH}>
          Training matrix
        </Link>
        <Button
          variant="primary"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => setAdding(true)}
        >
          New course
        </Button>
      </PageHeader>
      <ListFilters placeholder="Course name or description" list={list}>
        <InUseFilter value={list.filters.status} onChange={(value) => list.setFilter('status', value)} />
      </ListFilters>
      <PagedTable
        label="Courses"
        list={list}
        columns={COLUMNS}
        actions={false}
        empty="No courses yet: add the first one."
        narrowedEmpty="No course matches."
      >
        {list.rows.map((row) => (
          <CourseRow key={row._id} row={row} />
        ))}
      </PagedTable>
      {adding && <NewCourseDialog onClose={() => setAdding(false)} />}
    </div>
  );
}

/** "—" for a figure of a course never published. */
const figure = (value: number | null, unit = '') => (value === null ? '—' : `${value}${unit}`);

function CourseRow({ row }: { row: TTrainingCourseRow }) {
  return (
    <tr>
      <td>
        <Link to={trainingCoursePath(row._id)}>{row.name}</Link>
        {!row.isActive && <span className="badge badge-neutral">Not in use</span>}
        {row.description && (
          <div className="text-sm text-secondary course-description">{row.description}</div>
        )}
      </td>
      <td>
        {row.currentVersion > 0 ? `v${row.currentVersion}` : 'Not published'}
        {row.hasDraft && row.currentVersion > 0 && (
          <span className="badge badge-warning">Unpublished changes</span>
        )}
      </td>
      <td>{figure(row.questionCount)}</td>
      <td>{figure(row.passMark, '%')}</td>
      <td>{figure(row.attemptsAllowed)}</td>
      <td>{figure(row.expectedMinutes, ' min')}</td>
      <td>{displayDay(row.updatedAt)}</td>
    </tr>
  );
}

/** A new course: its name and description; saved, it opens in the editor. */
function NewCourseDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddCourse((id) => navigate(trainingCoursePath(id)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const course: TTrainingCourseSave = { name, description, content: {} };
    const problems = schemaProblems(ZTrainingCourseSave, course);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    add.mutate({ body: course }, { onError: (failure) => setErrors(fieldErrorsOf(failure)) });
  };

  return (
    <Dialog title="New course" onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <InputField
          label="Name"
          value={name}
          required
          autoFocus
          maxLength={200}
          error={errors.name}
          onValueChange={setName}
        />
        <TextAreaField
          label="Description (optional)"
          value={description}
          rows={3}
          maxLength={2000}
          error={errors.description}
          onValueChange={setDescription}
        />
        <p className="text-sm text-secondary">Next, add its sections and its test in the editor.</p>
        <DialogFormActions submitLabel="Create course" pending={add.isPending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
