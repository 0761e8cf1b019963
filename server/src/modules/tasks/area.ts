import type { Area } from '../../area';
import { taskRoutes } from './routes';
import type { TaskService } from './service';

/** The scheduled tasks' service is the platform's (the job queue sends their reminders): this adds its routes. */
export const tasksArea: Area<{ tasks: TaskService }> = {
  name: 'tasks',
  register: async (api, { tasks }) => {
    await api.register(taskRoutes, { tasks });
  },
};
