import type { Area, Platform } from '../../area';
import type { CloseOffService } from '../closeOff';
import type { SubmissionService } from '../submissions';
import { HrFormRegister } from './register';
import { HrFormReminders } from './reminders';
import { hrFormRoutes } from './routes';
import { HrFormService } from './service';

type Needs = Pick<Platform, 'config' | 'db' | 'reader' | 'answers' | 'mail' | 'hourlyReminders'> & {
  submissions: SubmissionService;
  closeOff: CloseOffService;
};

export const hrFormsArea: Area<Needs> = {
  name: 'hrForms',
  register: async (api, { config, db, reader, answers, mail, hourlyReminders, submissions, closeOff }) => {
    const hrForms = new HrFormService(db, reader, mail, new HrFormRegister(reader), config.PUBLIC_URL);
    // An HR form's submit and close are the forms' own calls: they tell this area.
    submissions.onSubmitted('hr', (tx, ref) => hrForms.submitted(tx, ref));
    closeOff.onHrAssignmentsClosed((tx, ids) => hrForms.closed(tx, ids));
    await api.register(hrFormRoutes, { hrForms, cache: answers });
    // The reminders before the due date, each sent once (claimed in the database): hourly.
    const reminders = new HrFormReminders(db, mail, config.PUBLIC_URL);
    hourlyReminders.push(() => reminders.send());
  },
};
