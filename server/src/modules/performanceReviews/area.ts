import type { Area, Platform } from '../../area';
import { ReviewAssessments } from './assessments';
import { PerformanceReviewRegister } from './register';
import { PerformanceReviewReminders } from './reminders';
import { performanceReviewRoutes } from './routes';
import { PerformanceReviewService } from './service';

type Needs = Pick<Platform, 'config' | 'db' | 'reader' | 'mail' | 'hourlyReminders'>;

export const performanceReviewsArea: Area<Needs> = {
  name: 'performanceReviews',
  register: async (api, { config, db, reader, mail, hourlyReminders }) => {
    const publicUrl = config.PUBLIC_URL;
    await api.register(performanceReviewRoutes, {
      reviews: new PerformanceReviewService(
        db,
        reader,
        mail,
        new PerformanceReviewRegister(reader),
        publicUrl,
      ),
      assessments: new ReviewAssessments(db, mail, publicUrl),
    });
    // The reminder before a review's due date, once per review: hourly, with the other reminders.
    const reminders = new PerformanceReviewReminders(db, mail, publicUrl);
    hourlyReminders.push(() => reminders.send());
  },
};
