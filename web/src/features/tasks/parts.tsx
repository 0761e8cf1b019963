import { BackLink } from '../../components/PageHeader';

/** The way back to the reminders list, above a reminder's page. */
export function RemindersBackLink() {
  return <BackLink to="/task/reminders" label="Reminders" />;
}

/** A reminder the server refused to show (another organisation's, or gone), and the way back. */
export function ReminderUnavailable() {
  return (
    <div className="admin-page stack-lg">
      <RemindersBackLink />
      <p className="alert alert-danger" role="alert">
        This reminder cannot be opened: it may belong to another organisation.
      </p>
    </div>
  );
}
