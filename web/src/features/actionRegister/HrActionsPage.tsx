import { ActionRegister } from './ActionRegister';

/** /human-resource/actions, HR Action: the actions of HR forms and performance reviews (hrForm or hrAdmin). */
export function HrActionsPage() {
  return <ActionRegister register="hr" />;
}
