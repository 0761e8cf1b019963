import { ActionRegister } from './ActionRegister';

/** /action-register: every action of the organisation but the HR ones (docs/action-register.md). */
export function ActionRegisterPage() {
  return <ActionRegister register="general" />;
}
