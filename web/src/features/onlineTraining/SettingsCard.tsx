import { coursePoints } from '@compass/shared';
import { Card } from '../../components/Card';
import { InputField, TextAreaField } from '../../components/FormField';
import type { CourseForm } from './model';
import { NumberField } from './parts';
import type { CourseEditor } from './useCourseEditor';

/** The course's name and description, and how its test is passed: pass mark, attempts, time. */
export function SettingsCard({ editor }: { editor: CourseEditor }) {
  const { form, problems, setContent } = editor;
  const { content } = form;
  const onChange = (patch: Partial<CourseForm>) => editor.setForm((current) => ({ ...current, ...patch }));
  const points = coursePoints(content);
  return (
    <Card title="Settings">
      <div className="stack" data-scope="settings">
        <InputField
          label="Name"
          value={form.name}
          maxLength={200}
          required
          error={problems.name}
          onValueChange={(name) => onChange({ name })}
        />
        <TextAreaField
          label="Description (optional)"
          value={form.description}
          rows={2}
          maxLength={2000}
          error={problems.description}
          onValueChange={(description) => onChange({ description })}
        />
        <div className="form-grid">
          <NumberField
            label="Pass mark (%)"
            value={content.passMark}
            min={1}
            max={100}
            error={problems['content.passMark']}
            onChange={(passMark) => setContent({ passMark })}
          />
          <NumberField
            label="Attempts allowed"
            value={content.attemptsAllowed}
            min={1}
            max={10}
            error={problems['content.attemptsAllowed']}
            onChange={(attemptsAllowed) => setContent({ attemptsAllowed })}
          />
          <NumberField
            label="Expected duration (minutes)"
            value={content.expectedMinutes}
            min={1}
            max={600}
            error={problems['content.expectedMinutes']}
            onChange={(expectedMinutes) => setContent({ expectedMinutes })}
          />
        </div>
        <p className="text-sm text-secondary">
          The test is worth {points} point{points === 1 ? '' : 's'}: a score of {content.passMark || '…'}% of
          them passes.
        </p>
      </div>
    </Card>
  );
}

/** What the course is for and who should take it: shown before its sections. */
export function IntroductionCard({
  introduction,
  error,
  onChange,
}: {
  introduction: string;
  error?: string;
  onChange: (introduction: string) => void;
}) {
  return (
    <Card title="Introduction">
      <div data-scope="introduction">
        <TextAreaField
          label="Introduction (shown first)"
          value={introduction}
          rows={3}
          maxLength={5000}
          placeholder="What the course is for and who should take it."
          error={error}
          onValueChange={onChange}
        />
      </div>
    </Card>
  );
}
