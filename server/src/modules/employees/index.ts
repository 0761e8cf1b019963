export {
  accountColumns,
  accountStatus,
  employeeNames,
  findAccountHolders,
  nameOfUser,
  servedBy,
  userNameJson,
  userNames,
} from './accountHolders';
export type { AccountColumns, UserNameJson } from './accountHolders';
export { assignees, checkField, repeatColumns, storedRepeat } from './assignees';
export type { AssigneeChoice, AssigneeMessages, Repeat } from './assignees';
export { employeesArea } from './area';
export { namesReviewer } from './policy';
export { onPositionJoin, positionJoined } from './positionJoins';
export type { PositionJoin } from './positionJoins';
export { employeeSearch, matchingPeople } from './search';
